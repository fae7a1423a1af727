import { useEffect, useRef, useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Settings, LogOut } from 'lucide-react';
import { Tooltip } from '@/components/tooltip';

interface UserMenuProps {
  /** The avatar's text (initials, U or ?). */
  initials: string;
  /** Where Preferences goes: a hash href (the header's `#/Preferences`). */
  preferencesHref: string;
  onSignOut: () => void;
}

/** Closes the open menu on a scroll anywhere (any scrolling container, hence capture) or a resize. */
function useCloseOnScrollOrResize(open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
    };
  }, [open, close]);
}

/**
 * The header's user menu (spec §2): a menu button with the avatar, and two entries. Radix's dropdown
 * menu (as the row menus) gives the WAI-ARIA menu-button keyboard, focus and outside-click handling;
 * this adds the spec's other close rules (scroll, resize, Tab) and ArrowUp opening on the last entry.
 * The button's name says its visible initials too ("Menu, AL": WCAG 2.5.3, label in name).
 */
export function UserMenu({ initials, preferencesHref, onSignOut }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const [close] = useState(() => () => setOpen(false));
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  // Which entry receives focus when the menu opens (first, or last after ArrowUp on the button).
  const focusOnOpen = useRef<'first' | 'last'>('first');
  useCloseOnScrollOrResize(open, close);

  // Radix focuses the menu itself when a pointer opened it (the first entry when keys did), in an effect
  // of its own once it has the element. This effect follows it in the same commit (both wait for the
  // element; a parent's effects run after its children's), so an entry has focus either way: the
  // first, or the last after ArrowUp.
  useEffect(() => {
    const entries = content?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [];
    entries[focusOnOpen.current === 'first' ? 0 : entries.length - 1]?.focus();
  }, [content]);

  return (
    <div className="user-menu">
      <Tooltip label="Menu">
        <DropdownMenu.Root
          modal={false}
          open={open}
          onOpenChange={(next) => {
            focusOnOpen.current = 'first';
            setOpen(next);
          }}
        >
          <DropdownMenu.Trigger
            className="icon-button user-menu-button"
            aria-label={`Menu, ${initials}`}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowUp') return;
              event.preventDefault();
              focusOnOpen.current = 'last';
              setOpen(true);
            }}
          >
            <span className="avatar" aria-hidden="true">
              {initials}
            </span>
          </DropdownMenu.Trigger>
          {/* No portal: the open menu stays inside the header's landmark (axe's region rule). */}
          <DropdownMenu.Content
            ref={setContent}
            className="menu"
            align="end"
            sideOffset={4}
            loop
            // Tab closes the menu; focus goes back to the button (Radix keeps Tab inside an open menu).
            onKeyDown={(event) => {
              if (event.key === 'Tab') close();
            }}
          >
            <DropdownMenu.Item asChild className="menu-item">
              <a href={preferencesHref}>
                <Settings size={18} aria-hidden="true" />
                Preferences
              </a>
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu-item" onSelect={onSignOut}>
              <LogOut size={18} aria-hidden="true" />
              Sign out
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Root>
      </Tooltip>
    </div>
  );
}
