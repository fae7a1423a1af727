import { toast } from 'sonner';

/**
 * Puts `text` on the clipboard. When the browser refuses (no permission, an insecure origin), an error
 * toast titled `Could not copy the ${what}` says so, with `fallback` telling the user how to get the text
 * another way. Resolves to whether it was copied.
 */
export async function copyToClipboard(text: string, what: string, fallback: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    toast.error(`Could not copy the ${what}`, { description: `Your browser did not allow it. ${fallback}` });
    return false;
  }
}
