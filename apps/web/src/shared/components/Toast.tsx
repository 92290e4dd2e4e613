import { Alert, type AlertColor, Snackbar } from '@mui/material';
import { TIMINGS } from '@parley/contracts';
import { useCallback, useState } from 'react';

export interface ToastMessage {
  severity: AlertColor;
  text: string;
}

interface ToastState extends ToastMessage {
  open: boolean;
  /** A new key restarts the timer when the same text is shown twice in a row. */
  key: number;
}

/** State for one toast at a time: `show` replaces the current one. */
export function useToast() {
  const [toast, setToast] = useState<ToastState | null>(null);
  const show = useCallback((message: ToastMessage) => {
    setToast((current) => ({ ...message, open: true, key: (current?.key ?? 0) + 1 }));
  }, []);
  const close = useCallback(() => {
    setToast((current) => (current ? { ...current, open: false } : current));
  }, []);
  return { toast, show, close };
}

/**
 * A toast that closes itself after TIMINGS.toastMs (6 s, spec 2 §9), or `autoHideMs` (the settings pages'
 * notice bar: TIMINGS.noticeBarMs). Clicking elsewhere keeps it.
 */
export function Toast({
  toast,
  onClose,
  autoHideMs = TIMINGS.toastMs,
}: {
  toast: ToastState | null;
  onClose: () => void;
  autoHideMs?: number;
}) {
  return (
    <Snackbar
      key={toast?.key}
      open={Boolean(toast?.open)}
      autoHideDuration={autoHideMs}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {toast ? (
        <Alert
          severity={toast.severity}
          variant="filled"
          onClose={onClose}
          data-testid="toast"
          sx={{ width: '100%' }}
        >
          {toast.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
