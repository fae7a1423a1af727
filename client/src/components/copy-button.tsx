import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { copyToClipboard } from '@/lib/clipboard';
import { Tooltip } from './tooltip';

const COPIED_SHOWN_MS = 2000;

export interface CopyButtonProps {
  /** What is copied. */
  text: string;
  /** What it is, in the button's name and messages: "build id" makes "Copy the build id". */
  what: string;
  /** How to get the text when the browser refuses to copy it. */
  fallback: string;
}

/**
 * An icon button that copies `text`, for a value shown shortened (a build id as its last 7 characters).
 * "Copied" is said (a polite status) and its tick shows for two seconds.
 */
export function CopyButton({ text, what, fallback }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const label = `Copy the ${what}`;
  return (
    <>
      <Tooltip label={label}>
        <button
          type="button"
          className="icon-button copy-button"
          aria-label={label}
          onClick={() => void copyToClipboard(text, what, fallback).then(setCopied)}
        >
          {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
        </button>
      </Tooltip>
      <span className="visually-hidden" role="status">
        {copied ? `Copied the ${what}.` : ''}
      </span>
    </>
  );
}
