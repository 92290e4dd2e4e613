import { useTranslation } from 'react-i18next';
import { CopyableAddress } from '../../shared/components/CopyableAddress';
import type { ToastMessage } from '../../shared/components/Toast';

/** The address to give the phone system, with a copy button that says whether copying worked. */
export function ReceiverAddress({ url, notify }: { url: string; notify: (message: ToastMessage) => void }) {
  const { t } = useTranslation();
  return (
    <CopyableAddress
      url={url}
      testId="receiver-address"
      notify={notify}
      texts={{
        copy: t('receivers.address.copy'),
        copied: t('receivers.address.copied'),
        copyFailed: t('receivers.address.copyFailed'),
      }}
    />
  );
}
