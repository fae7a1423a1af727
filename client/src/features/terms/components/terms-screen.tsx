import { useId, useState, type FormEvent } from 'react';
import { Logo } from '@/components/logo';
import { useScreenTitle } from '@/hooks/use-document-title';
import { EXTERNAL_LINKS } from '@/lib/external-links';
import { useUpdateTerms } from '../api/update-terms';
import './terms-screen.css';

interface TermsScreenProps {
  /** The version the user accepted before; nonzero means the terms were revised since. */
  acceptedVersion: number;
  /** The current version, the one accepting records. */
  version: number;
  /** After a successful update: refetch user info and go to /projects. */
  onAccepted: () => Promise<void> | void;
}

export const TERMS_TEXT_NEW = 'The Terms and Conditions must be accepted to use the platform.';
export const TERMS_TEXT_REVISED = 'The Terms and Conditions have been revised and must be accepted again.';

/** The only screen a signed-in user sees until the current terms are accepted (spec §2, §4). */
export function TermsScreen({ acceptedVersion, version, onAccepted }: TermsScreenProps) {
  const [agreed, setAgreed] = useState(false);
  const { trigger, isMutating } = useUpdateTerms();
  const checkboxId = useId();
  const headingId = useId();
  useScreenTitle('Terms and Conditions');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!agreed) return;
    try {
      await trigger(version);
      await onAccepted();
    } catch (error) {
      // The spec keeps a failed update silent for the user: only logged.
      console.error('Failed to update the accepted terms version', error);
    }
  };

  return (
    <main className="terms-screen">
      <form className="terms-card" aria-labelledby={headingId} onSubmit={onSubmit}>
        <Logo size={48} />
        <h1 id={headingId}>Terms and Conditions</h1>
        <p>{acceptedVersion !== 0 ? TERMS_TEXT_REVISED : TERMS_TEXT_NEW}</p>
        <div className="terms-agree">
          <input
            id={checkboxId}
            type="checkbox"
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
          />
          <label htmlFor={checkboxId}>
            I have read and agree to the{' '}
            <a href={EXTERNAL_LINKS.terms} target="_blank" rel="noopener noreferrer">
              Terms and Conditions
            </a>{' '}
            and the{' '}
            <a href={EXTERNAL_LINKS.privacyPolicy} target="_blank" rel="noopener noreferrer">
              Privacy Policy
            </a>
          </label>
        </div>
        <button type="submit" className="button button-primary" disabled={!agreed || isMutating}>
          PROCEED
        </button>
      </form>
    </main>
  );
}
