import { AccountDetails } from '@/features/preferences/components/account-details';

export function AccountRoute() {
  return <AccountDetails />;
}
