import { zodResolver } from '@hookform/resolvers/zod';
import type { SubmissionAccepted } from '@kryon/shared/api';
import { CHALLENGE_FIELD, FORM_STARTED_FIELD, HONEYPOT_FIELD } from '@kryon/shared/constants';
import { emptyValues, type LeadFormDefinition } from '@kryon/shared/forms/lead-form';
import { FORM_FALLBACK_MESSAGES } from '@kryon/shared/messages';
import { useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type Path,
  type Resolver,
  type UseFormProps,
  useForm,
} from 'react-hook-form';
import type * as z from 'zod/mini';
import { browserCheckCopy } from '../../content/browser-check-copy.ts';
import { apiClient, type Submit } from '../api-client.ts';
import type { ChallengeDeps } from './challenge-session.ts';
import { clearDraft, isBlankDraft, readDraft, writeDraft } from './draft-storage.ts';
import { leadAttribution } from './lead-attribution.ts';
import { useBrowserChallenge } from './use-browser-challenge.ts';

export type SubmitState =
  | { status: 'idle' }
  /**
   * `verifying`: waiting for the browser check before sending; `busy`: the server asked to
   * come back later and the same submission goes again shortly. The form says both.
   */
  | { status: 'submitting'; verifying?: boolean; busy?: boolean }
  /** `accepted`: the API's whole answer (what became of the visitor's e-mail, a report link). */
  | { status: 'success'; message: string; accepted: SubmissionAccepted }
  | { status: 'error'; message: string };

interface LeadFormOptions<S extends z.ZodMiniObject, F extends string> {
  /** The form's shared definition: its name, schema and the visitor's e-mail field. */
  definition: LeadFormDefinition<S, F>;
  /** The empty form; by default derived from the definition. */
  defaultValues?: UseFormProps<z.input<S>>['defaultValues'];
  submit?: Submit;
  /**
   * Keep the visitor's input in sessionStorage while they type and restore it on the next
   * load; the draft is removed once the submission is accepted. Needs object defaultValues.
   */
  saveDraft?: boolean;
  /** Empty the form once the submission is accepted (default). */
  resetOnSuccess?: boolean;
  /** Called with the values sent and the API's answer once the submission is accepted. */
  onSuccess?: (values: z.output<S>, accepted: SubmissionAccepted) => void;
  /**
   * Start the browser check when the form mounts, not at the first interaction with it: for a
   * form the visitor opened on purpose (the download dialog).
   */
  startChallengeOnMount?: boolean;
  /** Replaced in tests; pages fetch from the API and solve in a Web Worker. */
  challenge?: ChallengeDeps;
}

/** What the form shows and announces while a submission is under way, if anything. */
export function progressMessage(state: SubmitState): string | undefined {
  if (state.status !== 'submitting') return undefined;
  if (state.busy) return browserCheckCopy.busy;
  return state.verifying ? browserCheckCopy.verifying : undefined;
}

/**
 * One lead form's behaviour: errors appear when a field
 * is left or on submit, typing clears the field's error, the first invalid field takes focus,
 * server field errors land on their fields, and a second submit cannot start while one runs.
 * With `saveDraft`, what the visitor typed survives a reload until the submission is accepted
 * (the honeypot is not a form value, so it is never stored).
 */
export function useLeadForm<S extends z.ZodMiniObject, F extends string>({
  definition,
  defaultValues = emptyValues(definition) as DefaultValues<z.input<S>>,
  submit = apiClient.submit,
  saveDraft = false,
  resetOnSuccess = true,
  onSuccess,
  startChallengeOnMount = false,
  challenge: challengeDeps,
}: LeadFormOptions<S, F>) {
  const { form, schema } = definition;
  // The e-mail the client rate limit counts against.
  const emailOf = (values: z.output<S>) =>
    String((values as Record<string, unknown>)[definition.visitorEmail] ?? '');
  const methods = useForm<z.input<S>, unknown, z.output<S>>({
    // zodResolver's overloads need a concrete schema; for a generic one we state its types.
    resolver: zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    shouldFocusError: true,
    defaultValues,
  });
  const [state, setState] = useState<SubmitState>({ status: 'idle' });
  const inFlight = useRef(false);
  const honeypot = useRef<HTMLInputElement>(null);
  // When the visitor arrived (the page's navigation start): the server reads a submission
  // sent sooner than a person could have as a bot's. Arrival rather than the form's first
  // render, so a person who autofills a dialog they just opened is never taken for one.
  // Unknown (not sent) when a restored draft did the typing.
  const startedAt = useRef<number | undefined>(undefined);
  const [restoredDraft, setRestoredDraft] = useState(false);
  const challenge = useBrowserChallenge(form, {
    startOnMount: startChallengeOnMount,
    ...(challengeDeps ? { deps: challengeDeps } : {}),
  });
  const draftTemplate =
    saveDraft && typeof defaultValues === 'object' && defaultValues !== null
      ? (defaultValues as Record<string, unknown>)
      : null;

  // Restoring runs after hydration: the prerendered page is the empty form, and reading
  // storage during render would make the server and client markup differ.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per mounted form.
  useEffect(() => {
    startedAt.current = Math.round(performance.timeOrigin);
    // Fields typed in and left before React took the form over (it hydrates at the visitor's
    // first touch) are checked now, as leaving them would have; the one still being typed in
    // is checked when it is left.
    const typed = methods.getValues() as Record<string, unknown>;
    const active = document.activeElement?.getAttribute('name');
    const left = Object.keys(typed).filter(
      (name) => name !== active && !isBlankDraft({ [name]: typed[name] }),
    );
    if (left.length > 0) void methods.trigger(left as Path<z.input<S>>[]);
    if (!draftTemplate) return;
    const draft = readDraft(form, draftTemplate);
    if (draft) {
      startedAt.current = undefined;
      // What the visitor typed before React took the form over (the form library read it from
      // the page) is newer than the saved draft; the draft fills the fields they left empty.
      const current = methods.getValues() as Record<string, unknown>;
      const typed = Object.fromEntries(
        Object.keys(draftTemplate)
          .filter((name) => !isBlankDraft({ [name]: current[name] }))
          .map((name) => [name, current[name]]),
      );
      methods.reset({ ...draftTemplate, ...draft, ...typed } as DefaultValues<z.input<S>>, {
        keepDefaultValues: true,
      });
      setRestoredDraft(true);
    }
    const subscription = methods.watch((values) =>
      writeDraft(form, draftTemplate, values as Record<string, unknown>),
    );
    return () => subscription.unsubscribe();
  }, []);

  /** Forgets the saved draft and empties the form ("Start over"). */
  const discardDraft = () => {
    clearDraft(form);
    methods.reset();
    setRestoredDraft(false);
  };

  /** register() plus "typing clears this field's error". */
  const field = (fieldName: F) => {
    const name = fieldName as unknown as Path<z.input<S>>;
    return methods.register(name, {
      onChange: () => {
        if (methods.getFieldState(name).error) methods.clearErrors(name);
      },
    });
  };

  const onSubmit = methods.handleSubmit(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setState({ status: 'submitting' });
    try {
      // Never holds the submission up for long: without a proof the lead is still taken, only
      // the visitor's confirmation e-mail is not sent.
      const proof = await challenge.take(() => setState({ status: 'submitting', verifying: true }));
      setState({ status: 'submitting' });
      const payload = {
        ...values,
        // Where the visit came from, for sales; never part of the form's own values or draft.
        attribution: leadAttribution(),
        [HONEYPOT_FIELD]: honeypot.current?.value ?? '',
        ...(startedAt.current === undefined ? {} : { [FORM_STARTED_FIELD]: startedAt.current }),
        ...(proof === undefined ? {} : { [CHALLENGE_FIELD]: proof }),
      };
      const result = await submit(form, payload, emailOf(values), {
        // The price rose after this proof was issued: one fresh solve at the new price, with
        // the same bounded wait (nothing was stored; the same submission goes again).
        reprove: () => challenge.take(() => setState({ status: 'submitting', verifying: true })),
        onBusy: () => setState({ status: 'submitting', busy: true }),
      });
      if (result.ok) {
        if (draftTemplate) clearDraft(form);
        setRestoredDraft(false);
        if (resetOnSuccess) methods.reset();
        setState({ status: 'success', message: result.data.message, accepted: result.data });
        onSuccess?.(values, result.data);
        return;
      }
      let focused = false;
      for (const [name, messages] of Object.entries(result.fieldErrors ?? {})) {
        const message = messages[0];
        if (!message) continue;
        methods.setError(
          name as Path<z.input<S>>,
          { type: 'server', message },
          { shouldFocus: !focused },
        );
        focused = true;
      }
      setState({ status: 'error', message: result.message });
    } catch (error) {
      // The API client answers every failure it knows; this is a bug, not an answer. The
      // person still gets the product's message for this form and can send again.
      console.error(`${form} submission failed unexpectedly`, error);
      setState({ status: 'error', message: FORM_FALLBACK_MESSAGES[form] });
    } finally {
      inFlight.current = false;
      challenge.afterSubmit();
    }
  });

  return {
    methods,
    /** Goes on the <form>: the browser check starts at the first interaction inside it. */
    formRef: challenge.formRef,
    field,
    onSubmit,
    state,
    setState,
    honeypot,
    restoredDraft,
    discardDraft,
  };
}
