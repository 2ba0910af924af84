import { data, useFetcher } from 'react-router';
import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { ApiError } from '../../api/client';

/**
 * A write that did not go through: a sentence per field (the API's `fields`, or the action's own
 * check) and one for the form. docs/decisions/073-writes-through-fetchers.md.
 */
export interface Refusal {
  ok: false;
  fields: Record<string, string>;
  message: string;
  /** The API's error code, when the API answered. */
  code: string | null;
}

/**
 * A refusal as a clientAction's answer. Its 4xx/5xx status tells React Router that nothing was
 * written, so the page's loaders are not revalidated after it.
 */
export const refuse = (
  fields: Record<string, string>,
  message: string,
  status = 400,
  code: string | null = null,
) => data<Refusal>({ ok: false, fields, message, code }, { status });

/** What a clientAction answers when its /api write threw: the API's sentences, or `fallback`. */
export function refusalOf(error: unknown, fallback: string) {
  if (error instanceof ApiError)
    return refuse(
      { ...error.fields },
      error.message,
      error.status >= 400 ? error.status : 503,
      error.code,
    );
  return refuse({}, error instanceof Error ? error.message : fallback, 503);
}

/** A JSON body a clientAction was sent, or null when it was not an object. */
export async function jsonBody(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await request.json();
    return body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * A fetcher for a form's write, and each answer of its clientAction once, after the render that
 * shows it: `onAnswer` may set the form's state (a refusal's sentences; what was typed stays),
 * move focus, or tell the rest of the page. `pending` covers the write and React Router's
 * revalidation of the page's loaders after it. `submit` sends one write at a time: the
 * fetcher's state changes in a transition, a render after the click, so a double click or a
 * second Enter before that render would send the write twice.
 */
export function useWrite<Action>(
  onAnswer: (answer: NonNullable<ReturnType<typeof useFetcher<Action>>['data']>) => void,
) {
  const fetcher = useFetcher<Action>();
  const answer = fetcher.data;
  const handle = useEffectEvent(onAnswer);
  useEffect(() => {
    if (answer != null) handle(answer);
  }, [answer]);
  const busy = useRef(false);
  useEffect(() => {
    if (fetcher.state === 'idle') busy.current = false;
  }, [fetcher.state]);
  const send = fetcher.submit;
  const submit = useCallback(
    (...args: Parameters<typeof send>) => {
      if (busy.current) return;
      busy.current = true;
      void send(...args);
    },
    [send],
  );
  return { fetcher, submit, pending: fetcher.state !== 'idle' };
}
