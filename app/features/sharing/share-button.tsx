import { Check, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { visitorDistinctId } from '../../api/browser-api';
import { referrerCode, shareUrl } from './referrer';

/** Share with the Web Share API, or copy the link; links carry the sharer's referrer code. */
export function ShareButton({
  title,
  path,
  variant = 'secondary',
  iconOnly = false,
}: {
  title: string;
  path: string;
  variant?: 'secondary' | 'ghost';
  iconOnly?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  const share = async () => {
    const url = shareUrl(window.location.origin, path, referrerCode(visitorDistinctId()));
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await navigator.clipboard.writeText(url);
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2500);
  };
  return (
    <>
      <Button
        variant={variant}
        iconOnly={iconOnly}
        icon={copied ? <Check aria-hidden="true" /> : <Share2 aria-hidden="true" />}
        onClick={() => void share()}
      >
        {copied ? 'Link copied' : 'Share'}
      </Button>
      <span className="visually-hidden" role="status" aria-live="polite">
        {copied ? 'Link copied to the clipboard' : ''}
      </span>
    </>
  );
}
