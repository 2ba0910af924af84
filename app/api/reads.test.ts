import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { readFailed } from './reads';

describe('readFailed', () => {
  it('tells a failure (no answer, a server fault, not now) from an answer about the thing', () => {
    expect(readFailed(new TypeError('Failed to fetch'))).toBe(true);
    expect(readFailed(new ApiError(0, 'network', 'no answer'))).toBe(true);
    expect(readFailed(new ApiError(500, 'internal', 'boom'))).toBe(true);
    expect(readFailed(new ApiError(503, 'unavailable', 'later'))).toBe(true);
    expect(readFailed(new ApiError(429, 'rate_limited', 'slow down'))).toBe(true);
    expect(readFailed(new ApiError(404, 'not_found', 'gone'))).toBe(false);
    expect(readFailed(new ApiError(400, 'invalid_request', 'bad id'))).toBe(false);
    expect(readFailed(new ApiError(403, 'forbidden', 'not yours'))).toBe(false);
  });
});
