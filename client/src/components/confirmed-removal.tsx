import { useCallback, useState, type ReactNode } from 'react';
import { withResultToast, type ResultToastTexts } from '@/lib/result-toast';
import { ConfirmDialog } from './confirm-dialog';

export interface ConfirmedRemovalOptions<Item> {
  /** The confirmation's title, e.g. "Delete Project". */
  title: string;
  /** Its confirming button, e.g. "Delete". */
  confirmLabel: string;
  /** What the confirmation asks about `item`. */
  message(item: Item): ReactNode;
  /** Removes the item on the server (the list drops it at once and brings it back on failure). */
  remove(item: Item): Promise<unknown>;
  /** The result toasts' titles for `item`. */
  toasts(item: Item): ResultToastTexts;
  onRemoved?(item: Item): void;
}

/**
 * Delete from a list, asking first: `request(item)` opens the confirmation (render `confirmation`);
 * confirming removes the item and toasts the result. A failure keeps the confirmation open, busy no
 * more, so the user can retry or cancel. Render `confirmation` outside the part that shows while the
 * list is empty: removing the last item must not unmount it before the server has answered.
 */
export function useConfirmedRemoval<Item>({
  title,
  confirmLabel,
  message,
  remove,
  toasts,
  onRemoved,
}: ConfirmedRemovalOptions<Item>) {
  // The item stays while the dialog closes, so the question keeps its text as it fades out.
  const [question, setQuestion] = useState<{ item: Item; open: boolean } | null>(null);
  const request = useCallback((item: Item) => setQuestion({ item, open: true }), []);

  const confirm = async () => {
    if (!question) return;
    const { item } = question;
    await withResultToast(() => remove(item), toasts(item));
    onRemoved?.(item);
  };

  const confirmation = (
    <ConfirmDialog
      open={question?.open ?? false}
      onOpenChange={(open) => !open && setQuestion((current) => current && { ...current, open: false })}
      title={title}
      message={question ? message(question.item) : null}
      confirmLabel={confirmLabel}
      destructive
      onConfirm={confirm}
    />
  );
  return { request, confirmation };
}
