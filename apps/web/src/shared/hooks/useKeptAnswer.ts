import { useEffect, useState } from 'react';

/**
 * A server's answer that does not change while the app is open once it is `final` (Google sign-in set up, the
 * installation has accounts): asked by the first page that shows it, kept for the next ones; an answer not
 * final yet, or a failure, is asked again by the next page.
 */
export class KeptAnswer<T> {
  private static readonly all = new Set<KeptAnswer<unknown>>();
  private kept: { value: T } | null = null;
  private asking: Promise<T> | null = null;

  constructor(
    private readonly ask: () => Promise<T>,
    private readonly final: (value: T) => boolean = () => true,
  ) {
    KeptAnswer.all.add(this as KeptAnswer<unknown>);
  }

  /** Forgets every kept answer (each test starts from a fresh page). */
  static forgetAll(): void {
    for (const answer of KeptAnswer.all) {
      answer.kept = null;
      answer.asking = null;
    }
  }

  known(): { value: T } | null {
    return this.kept;
  }

  get(): Promise<T> {
    if (!this.asking) {
      const asking = this.ask();
      this.asking = asking;
      asking.then(
        (value) => {
          if (this.final(value)) this.kept = { value };
          this.asking = null;
        },
        () => {
          this.asking = null;
        },
      );
    }
    return this.asking;
  }
}

/** The answer (undefined while it is asked, or when asking failed). */
export function useKeptAnswer<T>(answer: KeptAnswer<T>): { data: T | undefined; isPending: boolean } {
  const [state, setState] = useState(() => {
    const known = answer.known();
    return known ? { data: known.value, isPending: false } : { data: undefined, isPending: true };
  });
  useEffect(() => {
    if (answer.known()) return;
    let shown = true;
    answer.get().then(
      (data) => shown && setState({ data, isPending: false }),
      () => shown && setState({ data: undefined, isPending: false }),
    );
    return () => {
      shown = false;
    };
  }, [answer]);
  return state;
}
