import { type Dispatch, type SetStateAction, useState } from 'react';
import type { PromptFormValues } from './formValues';

interface Applied {
  before: PromptFormValues;
  after: PromptFormValues;
}

/**
 * AI improve's review step: a proposal waits for Accept or Discard. An accepted one can be undone (back to
 * exactly the values before it) until the form changes again: any edit or a save makes new values.
 */
export function useImproveReview(
  values: PromptFormValues,
  setValues: Dispatch<SetStateAction<PromptFormValues>>,
) {
  const [proposal, setProposal] = useState<PromptFormValues | null>(null);
  const [applied, setApplied] = useState<Applied | null>(null);
  const canUndo = applied !== null && applied.after === values;

  const accept = () => {
    if (!proposal) return;
    setApplied({ before: values, after: proposal });
    setValues(proposal);
    setProposal(null);
  };

  const undo = () => {
    if (!canUndo) return;
    setValues(applied.before);
    setApplied(null);
  };

  return { proposal, propose: setProposal, accept, discard: () => setProposal(null), canUndo, undo };
}
