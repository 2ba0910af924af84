import { describe, expect, it } from 'vitest';
import { readRequest } from './record-view';
import { sampleReview } from './review-fixture';

describe('recording a view (spec §7 PUT /api/v2/reviews/{id}/reads/{deviceId})', () => {
  it('puts the seconds watched, rounded to a tenth, under the review and the device', () => {
    expect(readRequest(sampleReview(42), 2.345, 'web-abc-123')).toEqual({
      path: '/api/v2/reviews/42/reads/web-abc-123',
      body: { watchedDuration: 2.3 },
    });
    expect(readRequest(sampleReview(42), 2.35, 'web-abc-123').body).toEqual({
      watchedDuration: 2.4,
    });
  });

  it('keeps the seconds within what the endpoint takes (0 to a day)', () => {
    expect(readRequest(sampleReview(1), -3, 'web-device-1').body).toEqual({ watchedDuration: 0 });
    expect(readRequest(sampleReview(1), 200_000, 'web-device-1').body).toEqual({
      watchedDuration: 86_400,
    });
  });

  it('leaves the duration out when it is not a number', () => {
    expect(readRequest(sampleReview(1), Number.NaN, 'web-device-1').body).toEqual({});
  });

  it('escapes a device id that is not a plain token', () => {
    expect(readRequest(sampleReview(7), 1, 'web-a/b?c').path).toBe(
      '/api/v2/reviews/7/reads/web-a%2Fb%3Fc',
    );
  });
});
