import { formatMoney, fromMilliUnits } from '@parley/contracts';
import { AppError } from '../../errors.ts';

export const BILLING_TEXTS = {
  projectNotFound: 'Project not found.',
  planNotFound: 'Tariff plan not found.',
  planNotPublic: 'This plan is assigned by an administrator and cannot be purchased.',
  invoiceNotFound: 'Invoice not found.',
  notATopUp: 'Only top-up requests wait for approval.',
  planNameTaken: 'A tariff plan with this name already exists.',
  defaultRequired: 'One plan must stay the default: make another plan the default instead.',
  projectDeleted:
    'The project of this top-up request has been deleted, so there is no balance to credit. Reject the request instead.',
  topUpDescription: 'Balance top-up request',
} as const;

export const paymentRequired = (message: string) =>
  new AppError('payment_required', 'insufficient_balance', message);
export const money = (micros: number, currency: string) => `${formatMoney(micros)} ${currency}`;
export const unitsText = (milli: number) =>
  `${fromMilliUnits(milli).toLocaleString('en-US', { maximumFractionDigits: 3 })} ${milli === 1000 ? 'unit' : 'units'}`;
