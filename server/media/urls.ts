/** Builds public media URLs from stored keys, so MEDIA_BASE_URL can move media to a CDN. */
export interface MediaUrls {
  clip(clip: string, kind: 'mp4' | 'webm' | 'jpg'): string;
  /** A stored key (`avatars/x.svg`) or an absolute URL from an identity provider; '' stays ''. */
  asset(keyOrUrl: string): string;
}

export function mediaUrls(baseUrl: string): MediaUrls {
  return {
    clip: (clip, kind) => `${baseUrl}/clips/${clip}.${kind}`,
    asset: (keyOrUrl) =>
      !keyOrUrl || /^(https?:)?\//.test(keyOrUrl) ? keyOrUrl : `${baseUrl}/${keyOrUrl}`,
  };
}
