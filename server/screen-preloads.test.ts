import { describe, expect, it } from 'vitest';
import { screenPreloadsFrom } from './screen-preloads';

const manifest = {
  'app/root.tsx': { file: 'assets/root-1.js', imports: ['_framework-1.js', '_shared-1.js'] },
  'app/screens/location.tsx': {
    file: 'assets/location-1.js',
    imports: ['_shared-1.js', '_video-1.js'],
  },
  'app/screens/feed.tsx': { file: 'assets/feed-1.js', imports: ['_video-1.js'] },
  '_video-1.js': { file: 'assets/video-1.js', imports: ['_framework-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js', imports: ['_framework-1.js'] },
  '_framework-1.js': { file: 'assets/framework-1.js' },
};

describe('screenPreloadsFrom', () => {
  const preloaded = new Set(['/assets/root-1.js', '/assets/framework-1.js', '/assets/shared-1.js']);
  const preloads = screenPreloadsFrom(manifest, preloaded);

  it('names the screen chunk and what it imports that the route does not preload already', () => {
    expect(preloads('location')).toEqual(['/assets/location-1.js', '/assets/video-1.js']);
    expect(preloads('feed')).toEqual(['/assets/feed-1.js', '/assets/video-1.js']);
  });

  it('names nothing for a module the build does not have', () => {
    expect(preloads('nowhere')).toEqual([]);
  });

  it('writes hrefs under the public path', () => {
    expect(screenPreloadsFrom(manifest, new Set(), '/static/')('feed')).toEqual([
      '/static/assets/feed-1.js',
      '/static/assets/video-1.js',
      '/static/assets/framework-1.js',
    ]);
  });
});
