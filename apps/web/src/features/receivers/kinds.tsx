import DataObjectIcon from '@mui/icons-material/DataObject';
import HeadsetMicOutlinedIcon from '@mui/icons-material/HeadsetMicOutlined';
import PhoneInTalkOutlinedIcon from '@mui/icons-material/PhoneInTalkOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import type { ReceiverKind } from '@parley/contracts';
import type { ReactNode } from 'react';

/** Each kind's icon; its name is `receivers.kinds.<kind>.label`. */
export const KIND_ICONS: Record<ReceiverKind, ReactNode> = {
  twilio: <PhoneInTalkOutlinedIcon />,
  zoom: <VideocamOutlinedIcon />,
  aircall: <HeadsetMicOutlinedIcon />,
  generic: <DataObjectIcon />,
};

/** The setup steps every kind's texts have: `receivers.setup.<kind>.<step>`. */
export const SETUP_STEPS = ['step1', 'step2', 'step3'] as const;

/** A generic receiver's body: the fields RECEIVER_DEFAULTS.generic maps, the recording link and the call's id. */
export const GENERIC_BODY_EXAMPLE = JSON.stringify(
  {
    recording_url: 'https://pbx.example.com/recordings/8812.mp3',
    call_id: '8812',
    started_at: '2026-03-02T09:30:00Z',
    agent: 'Anna Smith',
    queue: 'Sales',
    direction: 'inbound',
    caller_number: '+15550100',
  },
  null,
  2,
);
