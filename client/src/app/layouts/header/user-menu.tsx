import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Settings, LogOut } from 'lucide-react';
import { Tooltip } from '@/components/tooltip';

interface UserMenuProps {
  /** The avatar's text (initials, U or ?). */
  initials: string;
  /** Where Preferences goes: a hash href (the header's `#/Preferences`). */
  preferencesHref: string;
  onSignOut: () => void;
}

/**
 * The header's user menu (spec §2): a menu button with the avatar, and two entries. It opens or
 * closes on click and closes on an outside click, scroll, resize, Escape or Tab. Keyboard use
 * follows the WAI-ARIA menu-button pattern (arrows, Home/End, Escape returns focus to the button).
 */
export function UserMenu({ initials, preferencesHref, onSignOut }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  // Which item receives focus when the menu opens (first, or last after ArrowUp).
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const menuId = useId();
  const buttonId = useId();

  const focusItem = (index: number) => {
    const items = itemRefs.current.filter((item): item is HTMLElement => item !== null);
    if (items.length === 0) return;
    items[(index + items.length) % items.length]?.focus();
  };

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    focusItem(focusOnOpen.current === 'first' ? 0 : -1);
    const closeSilently = () => setOpen(false);
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (menuRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    // Capture: a scroll anywhere (any scrolling container) closes the menu, not only the window's.
    window.addEventListener('scroll', closeSilently, true);
    window.addEventListener('resize', closeSilently);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('scroll', closeSilently, true);
      window.removeEventListener('resize', closeSilently);
    };
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusOnOpen.current = event.key === 'ArrowDown' ? 'first' : 'last';
      if (open) focusItem(event.key === 'ArrowDown' ? 0 : -1);
      else setOpen(true);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab' && open) {
      close(false);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = itemRefs.current.filter((item): item is HTMLElement => item !== null);
    const current = items.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(-1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        // Not prevented: focus goes back to the button, and the browser's Tab then moves on from there.
        close(true);
        break;
      case ' ':
        // Space activates a menu item, links included (Enter already does natively).
        if (current >= 0) {
          event.preventDefault();
          items[current]?.click();
        }
        break;
    }
  };

  return (
    <div className="user-menu">
      <Tooltip label="Menu">
        <button
          ref={buttonRef}
          id={buttonId}
          type="button"
          className="icon-button user-menu-button"
          aria-label="Menu"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={() => {
            focusOnOpen.current = 'first';
            setOpen((wasOpen) => !wasOpen);
          }}
          onKeyDown={onButtonKeyDown}
        >
          <span className="avatar" aria-hidden="true">
            {initials}
          </span>
        </button>
      </Tooltip>
      {open && (
        // The menu's keyboard handling lives on the container; its items are the focus targets.
        <ul ref={menuRef} id={menuId} role="menu" aria-labelledby={buttonId} className="menu" onKeyDown={onMenuKeyDown}>
          <li role="none">
            <a
              ref={(element) => {
                itemRefs.current[0] = element;
              }}
              role="menuitem"
              tabIndex={-1}
              href={preferencesHref}
              className="menu-item"
              onClick={() => close(false)}
            >
              <Settings size={18} aria-hidden="true" />
              Preferences
            </a>
          </li>
          <li role="none">
            <button
              ref={(element) => {
                itemRefs.current[1] = element;
              }}
              role="menuitem"
              tabIndex={-1}
              type="button"
              className="menu-item"
              onClick={() => {
                close(false);
                onSignOut();
              }}
            >
              <LogOut size={18} aria-hidden="true" />
              Sign out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
