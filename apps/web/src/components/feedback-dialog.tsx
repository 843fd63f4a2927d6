import { feedbackBodySchema, feedbackKindSchema, type FeedbackBody } from '@glossa/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '@glossa/contract/routes';
import { formResolver } from '../lib/form-resolver';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from '../lib/use-form';
import { useLocation } from 'react-router';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../lib/api-client';
import { setFeedbackDialogVisible, useAppState } from '../lib/app-state';
import { toast } from '../lib/toast';
import { Button } from './button';
import { Dialog, DialogActions, DialogClose } from './dialog';
import styles from './feedback-dialog.module.css';

const formSchema = feedbackBodySchema.omit({ page: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const kindLabels: Record<
  FormOutput['kind'],
  { label: MessageDescriptor; hint: MessageDescriptor }
> = {
  bug: { label: msg`Bug`, hint: msg`Something does not work` },
  idea: { label: msg`Idea`, hint: msg`Something you wish it did` },
  other: { label: msg`Other`, hint: msg`Anything else` },
};

function postFeedback(body: FeedbackBody) {
  return apiRequest(api.feedback.create, { body });
}

/** The feedback dialog, opened from the user block; it sends the page it was opened on. */
export function FeedbackDialog() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const open = useAppState((state) => state.isFeedbackDialogVisible);
  const location = useLocation();
  const formId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: formResolver(formSchema),
    defaultValues: { kind: 'idea', message: '' },
  });
  const mutation = useMutation({ mutationFn: postFeedback });

  const onOpenChange = (next: boolean) => {
    setFeedbackDialogVisible(next);
    if (!next) {
      reset();
      mutation.reset();
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync({ ...values, page: location.pathname });
      toast.success(t`Thank you, your feedback was sent.`);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError) {
        let named = false;
        for (const issue of error.issues) {
          if (issue.path === 'kind' || issue.path === 'message') {
            // The server's, as applyServerErrors marks them: kept on a change of language.
            setError(issue.path, { type: 'server', message: issue.message });
            named = true;
          }
        }
        if (!named) setError('root', { message: error.message });
      } else {
        setError('root', { message: t`Your feedback could not be sent. Try again.` });
      }
    }
  });

  const messageErrorId = `${formId}-message-error`;
  const kindErrorId = `${formId}-kind-error`;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="md"
      title={t`Send feedback`}
      description={t`Tell us what went wrong or what would help you learn. The admins read every message.`}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <fieldset className={styles.kinds} aria-describedby={errors.kind ? kindErrorId : undefined}>
          <legend className={styles.label}>
            <Trans>Kind</Trans>
          </legend>
          <div className={styles.kindOptions}>
            {feedbackKindSchema.options.map((kind) => (
              <label key={kind} className={styles.kind}>
                <input type="radio" value={kind} {...register('kind')} />
                <span>
                  <span className={styles.kindLabel}>{i18n._(kindLabels[kind].label)}</span>
                  <span className={styles.kindHint}>{i18n._(kindLabels[kind].hint)}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.kind ? (
            <p id={kindErrorId} className={styles.error}>
              {errors.kind.message}
            </p>
          ) : null}
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={`${formId}-message`} className={styles.label}>
            <Trans>Message</Trans>
          </label>
          <textarea
            id={`${formId}-message`}
            className={styles.textarea}
            rows={5}
            maxLength={5000}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? messageErrorId : undefined}
            {...register('message')}
          />
          {errors.message ? (
            <p id={messageErrorId} className={styles.error}>
              {errors.message.message}
            </p>
          ) : null}
        </div>
        {errors.root ? (
          <p role="alert" className={styles.error}>
            {errors.root.message}
          </p>
        ) : null}
        <DialogActions>
          <DialogClose>
            <Button variant="secondary">
              <Trans>Cancel</Trans>
            </Button>
          </DialogClose>
          <Button type="submit" loading={mutation.isPending}>
            <Trans>Send</Trans>
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
