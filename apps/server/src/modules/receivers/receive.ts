import type { ReceiverEventStatus, ReceiverKind } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { phoneReceivers, receiverEvents } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { announceJobs } from '../../jobs/wakeup.ts';
import { decrypt, encrypt } from '../google-drive/crypto.ts';
import { conversationAtSql } from '../tasks/conversation-time.ts';
import { readAircall } from './aircall.ts';
import { readGeneric } from './generic.ts';
import { receiverEventJob } from './jobs.ts';
import { conversationTimeAt, mappedMetadata } from './mapping.ts';
import type { CallEventReading, CallEventRequest } from './providers.ts';
import { RECEIVER_TEXTS, receiverKey } from './service.ts';
import { readTwilio } from './twilio.ts';
import { readZoom } from './zoom.ts';

export type ReceiveAnswer =
  | { data: { event_id: number | null; status: ReceiverEventStatus } }
  | { plainToken: string; encryptedToken: string };

const SECRET_UNREADABLE =
  "The receiver's secret cannot be read (ENCRYPTION_KEY changed since it was saved): enter it again.";

/**
 * Verifies a call event as its provider signs it (401 when it does not hold; nothing is stored then) and reads
 * what it asks for. `secret` is the receiver's: the provider's token, or a generic receiver's whsec_ secret.
 */
function readCallEvent(kind: ReceiverKind, secret: string, request: CallEventRequest): CallEventReading {
  switch (kind) {
    case 'twilio':
      return readTwilio(secret, request);
    case 'zoom':
      return readZoom(secret, request);
    case 'aircall':
      return readAircall(secret, request);
    case 'generic':
      return readGeneric(secret, request);
  }
}

/**
 * A phone system's post to a receiver's address: unknown or disabled keys 404, the signature checked, then a
 * call is recorded once per provider id with its job, in one transaction (a repeat answers what became of the
 * first). The answer comes at once; the download and the analysis follow in the background.
 */
export async function receiveCallEvent(
  ctx: AppContext,
  key: string,
  request: CallEventRequest,
): Promise<ReceiveAnswer> {
  const [receiver] = await ctx.db
    .select()
    .from(phoneReceivers)
    .where(and(eq(phoneReceivers.key, key), eq(phoneReceivers.enabled, true)));
  if (!receiver) throw notFound(RECEIVER_TEXTS.notFound);
  const cipherKey = receiverKey(ctx.config);
  let secret: string;
  try {
    secret = decrypt(cipherKey, receiver.secret);
  } catch {
    throw new AppError('unavailable', 'receiver_secret_unreadable', SECRET_UNREADABLE);
  }
  const reading = readCallEvent(receiver.kind, secret, request);
  if (reading.kind === 'reply') return reading.body;
  if (reading.kind === 'ignored') {
    ctx.logger.info({ receiverId: receiver.id, eventType: reading.eventType }, 'Receiver event ignored');
    return { data: { event_id: null, status: 'ignored' } };
  }
  const time = conversationTimeAt(reading.source, receiver.dateSource);
  const { authorization } = reading.download;
  const answer = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(receiverEvents)
      .values({
        receiverId: receiver.id,
        externalId: reading.externalId,
        eventType: reading.eventType,
        metadata: mappedMetadata(reading.source, receiver.mapping),
        conversationAt: time ? conversationAtSql(receiver.projectId, time) : null,
        download: { ...reading.download, authorization: authorization && encrypt(cipherKey, authorization) },
      })
      .onConflictDoNothing()
      .returning({ id: receiverEvents.id, status: receiverEvents.status });
    if (!created) {
      const [existing] = await tx
        .select({ id: receiverEvents.id, status: receiverEvents.status })
        .from(receiverEvents)
        .where(
          and(eq(receiverEvents.receiverId, receiver.id), eq(receiverEvents.externalId, reading.externalId)),
        );
      return { created: false, event: existing! };
    }
    await receiverEventJob.send(ctx, { eventId: created.id }, { tx });
    await tx
      .update(phoneReceivers)
      .set({ lastEventAt: new Date() })
      .where(eq(phoneReceivers.id, receiver.id));
    return { created: true, event: created };
  });
  if (answer.created) await announceJobs(ctx, QUEUES.receiverEvents, 1);
  return { data: { event_id: answer.event.id, status: answer.event.status } };
}
