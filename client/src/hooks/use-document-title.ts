import { useEffect } from 'react';
import { documentTitle } from '@/lib/titles';

/**
 * For pages whose route manages its own title (editor, builds): the page's title with the product
 * suffix, or the product name alone while it is unknown.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
