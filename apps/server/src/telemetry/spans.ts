import {
  type Attributes,
  isSpanContextValid,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { AppError } from '../errors.ts';
import { errorCode } from '../thrown.ts';

/**
 * Spans of Parley's own work, through the OpenTelemetry API only: until telemetry/sdk.ts registers a tracer
 * provider (OTEL_EXPORTER_OTLP_ENDPOINT set), every span here is a no-op that records nothing.
 *
 * Attributes are ids, codes, names of stages, queues, providers and models, and counts: never text a person
 * wrote or said (transcripts, prompts, metadata values, emails, names), nor an error's message (a provider's
 * message may quote the conversation). Failures record their code as `error.type`.
 */
export const tracer = trace.getTracer('parley');

export { SpanKind };

/** Runs `work` in a span of its own (the current span's child), ended when it settles. */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      markFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Marks a span failed with what kind of failure it was: `failure` as given when it is text (an HTTP status),
 * else an AppError's code, an errno, or an Error's name.
 */
export function markFailed(span: Span, failure: unknown): void {
  let type: string;
  if (typeof failure === 'string') type = failure;
  else if (failure instanceof AppError) type = failure.code;
  else type = errorCode(failure) ?? (failure instanceof Error ? failure.name : '_OTHER');
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** trace_id and span_id of the span this code runs in, for log lines; none when tracing is off. */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (!spanContext || !isSpanContextValid(spanContext)) return {};
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}
