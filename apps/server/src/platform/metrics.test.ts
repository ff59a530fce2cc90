import { afterAll, expect, it } from 'vitest';
import { buildTestApp, signUpAndLogin, useTestApp } from '../../test/helper.js';
import { baseUrl, socketFor } from '../../test/sockets.js';

const { app } = await useTestApp();

it('GET /metrics reports request latency by route pattern, sockets and jobs in Prometheus text', async () => {
  await app.inject({ method: 'GET', url: '/api/services/single/00000000-0000-4000-8000-000000000000' });
  const user = await signUpAndLogin(app);
  const socket = await socketFor(await baseUrl(app), user.cookie);
  const res = await app.inject({ method: 'GET', url: '/metrics' });
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
  const guarded = await buildTestApp({ METRICS_TOKEN: 'a-long-metrics-token-123' });
  afterAll(() => guarded.close());
  expect((await guarded.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
  const ok = await guarded.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer a-long-metrics-token-123' } });
  expect(ok.statusCode).toBe(200);
});
