import { describe, expect, it } from 'vitest';
import { courseCreateSchema, formatDuration, parseDuration, videoIdOfUrl } from './courses.js';

const video = (n: number) => `/api/courses/videos/00000000-0000-4000-8000-00000000000${n}`;

describe('lesson durations', () => {
  it.each([
    ['10:30', 630],
    ['0:06', 6],
    ['1:02:03', 3723],
    ['120:00', 7200],
  ])('reads %s as %i seconds and writes it back', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
    expect(parseDuration(formatDuration(seconds))).toBe(seconds);
  });

  it.each(['10', '10:60', '10 minutes', '1:2:3', '', '-1:00'])('refuses %j', (text) => expect(parseDuration(text)).toBeNull());
});

describe('courseCreateSchema', () => {
  const base = { title: 'T', description: 'D', lessons: [{ title: 'L', videoUrl: video(1) }] };

  it('defaults to a free course without category, lessons not previews', () => {
    expect(courseCreateSchema.parse(base)).toMatchObject({ price: 0, tags: [], thumbnail: null, lessons: [{ duration: null, preview: false }] });
  });

  it('takes prices with cents, refuses negative ones and fractions of cents', () => {
    expect(courseCreateSchema.parse({ ...base, price: '19.99' }).price).toBe(19.99);
    expect(courseCreateSchema.safeParse({ ...base, price: -0.01 }).success).toBe(false);
    expect(courseCreateSchema.safeParse({ ...base, price: 1.005 }).success).toBe(false);
  });

  it('accepts only references to uploaded lesson videos, each once', () => {
    expect(videoIdOfUrl(video(2))).toBe('00000000-0000-4000-8000-000000000002');
    expect(videoIdOfUrl('/media/videos/00000000-0000-4000-8000-000000000002.mp4')).toBeNull();
    const twice = courseCreateSchema.safeParse({ ...base, lessons: [base.lessons[0], base.lessons[0]] });
    expect(twice.success).toBe(false);
  });
});
