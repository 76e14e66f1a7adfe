import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { nextState, RETRY_SCHEDULE_MS } from './dispatcher.ts';
import { newWebhookSecret, signWebhook } from './signing.ts';

describe('webhook signatures', () => {
  it('match the Standard Webhooks test vector', () => {
    // The example of the Standard Webhooks reference libraries' tests (standard-webhooks/standard-webhooks).
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    expect(signWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('verify with the standardwebhooks library, and a changed body does not', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'task.succeeded', timestamp: new Date().toISOString(), data: { id: 'x' } });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = { 'webhook-id': 'd-1', 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, 'd-1', timestamp, body) };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('x', 'y'), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('makes secrets of 24 random bytes behind whsec_', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(24);
    expect(a).not.toBe(b);
  });
});

describe('the retry schedule', () => {
  it('retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then gives up', () => {
    const waits: number[] = [];
    for (let attempts = 0; ; attempts++) {
      const next = nextState(500, 'HTTP 500', attempts, RETRY_SCHEDULE_MS);
      if (next.status !== 'pending') {
        expect(next.status).toBe('failed');
        break;
      }
      waits.push(next.retryInMs / 1000);
    }
    expect(waits).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    // About 28 hours in all (27.6 h, 8 attempts).
    expect(waits.reduce((a, b) => a + b, 0) / 3600).toBeCloseTo(27.6, 1);
  });

  it('stops at a 410 Gone and ends at a 2xx', () => {
    expect(nextState(410, 'HTTP 410', 0, RETRY_SCHEDULE_MS)).toEqual({ status: 'failed' });
    expect(nextState(204, null, 3, RETRY_SCHEDULE_MS)).toEqual({ status: 'delivered' });
    expect(nextState(null, 'no answer within 10 s', 1, RETRY_SCHEDULE_MS)).toEqual({ status: 'pending', retryInMs: 5 * 60_000 });
  });
});
