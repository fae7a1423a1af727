import { useRef, type ReactNode } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal } from 'lucide-react';
import './action-menu.css';

export interface ActionMenuItem {
  label: string;
  icon?: ReactNode;
  onSelect(): void;
  destructive?: boolean;
  disabled?: boolean;
}

/**
 * A "…" menu of actions for one row (a project, a file, a build): keyboard operable (arrows, Enter,
 * Escape), focus returns to the trigger. `label` names the trigger for screen readers, e.g.
 * "Actions for Adder".
 */
export function ActionMenu({ label, items, icon }: { label: string; items: ActionMenuItem[]; icon?: ReactNode }) {
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={trigger} className="icon-button" aria-label={label}>
        {icon ?? <MoreHorizontal size={18} aria-hidden="true" />}
      </DropdownMenu.Trigger>
      {/* No portal: the open menu stays inside its landmark (axe's region rule), positioned by Radix. */}
      <DropdownMenu.Content className="action-menu" align="end" sideOffset={4}>
        {items.map((item) => (
          <DropdownMenu.Item
            key={item.label}
            className={item.destructive ? 'action-menu-item action-menu-item-danger' : 'action-menu-item'}
            disabled={item.disabled}
            onSelect={() => {
              // Focus is back on the trigger before the action runs: a dialog the action opens takes the
              // trigger as the control that opened it, and gives focus back to it when it closes.
              trigger.current?.focus();
              item.onSelect();
            }}
          >
            {item.icon}
            {item.label}
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
