import { AppearancePreferences } from '@/features/preferences/components/appearance-preferences';

export function AppearanceRoute() {
  return <AppearancePreferences />;
}
