import { expect, it } from 'vitest';
import { cookieValue } from './cookie-header.js';

it('reads one cookie of a header, decoded; absent or malformed is undefined', () => {
  const header = 'theme=dark; cusp_session=a%2Bb=c; tz=Asia%2FRiyadh; bad=%E0%A4%A';
  expect(cookieValue(header, 'tz')).toBe('Asia/Riyadh');
  expect(cookieValue(header, 'cusp_session')).toBe('a+b=c');
  expect(cookieValue(header, 'session')).toBeUndefined(); // not a prefix match of cusp_session
  expect(cookieValue(header, 'bad')).toBeUndefined(); // the socket handshake used to throw on this
  expect(cookieValue(undefined, 'tz')).toBeUndefined();
  expect(cookieValue('', 'tz')).toBeUndefined();
  expect(cookieValue('tz=first; tz=second', 'tz')).toBe('first'); // as @fastify/cookie reads it
  expect(cookieValue(header, 'toString')).toBeUndefined(); // a name is not a property of an object
});
