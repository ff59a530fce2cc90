import { expect, it } from 'vitest';
import { signUpAndLogin, useTestApp } from '../../test/helper.js';
import { baseUrl, socketFor } from '../../test/sockets.js';

const TOKEN = 'a-long-metrics-token-123';
const { app } = await useTestApp({ METRICS_TOKEN: TOKEN });
// Built here, not in a test: building an app can take longer than a test's time on a busy machine.
const open = await useTestApp();
const scrape = () => app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

it('GET /metrics reports request latency by route pattern, sockets and jobs in Prometheus text', async () => {
  await app.inject({ method: 'GET', url: '/api/services/single/00000000-0000-4000-8000-000000000000' });
  const user = await signUpAndLogin(app);
  const socket = await socketFor(await baseUrl(app), user.cookie);
  const res = await scrape();
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  // The pattern, not the id: one series per route.
  expect(res.body).toMatch(/cusp_http_request_duration_seconds_count\{method="GET",route="\/api\/services\/single\/:id",status="404"\} 1/);
  expect(res.body).not.toContain('00000000-0000-4000-8000-000000000000');
  expect(res.body).toMatch(/cusp_sockets_connected 1/);
  expect(res.body).toContain('nodejs_eventloop_lag_seconds');
  socket.disconnect();
});

it('asks for the token when METRICS_TOKEN is set', async () => {
  expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
  expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-of-some-length' } })).statusCode).toBe(401);
  expect((await scrape()).statusCode).toBe(200);
});

it('is off (404, like an unknown path) when METRICS_TOKEN is not set, whatever is sent', async () => {
  for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
    const res = await open.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('nodejs_');
  }
});
