import { formResolver } from '../../../lib/form-resolver';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useWatch } from 'react-hook-form';
import { useForm } from '../../../lib/use-form';
import { Button } from '../../../components/button';
import { Dialog, DialogActions, DialogClose } from '../../../components/dialog';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import type { ApiError } from '../../../lib/api-client';
import { PlanLimitAlert, planLimitError } from '../../../components/plan-limit-message';
import { useUser } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { categoryTreeQueryOptions } from '../../../lib/queries/category-tree';
import { useCreateCard } from '../api/card-requests';
import cardStyles from '../card.module.css';
import { CardFields } from './card-fields';
import {
  cardBody,
  cardFormFields,
  cardFormSchema,
  categoryOptions,
  splitAnswers,
  withFormIssuePaths,
  type CardFormValues,
} from './card-form';
import { DuplicateNotice } from './duplicate-notice';
import { DetectedChip, SuggestionList } from './language-help';
import { useDuplicateCards } from './use-duplicate-cards';
import { useLanguageHelp } from './use-language-help';

/** The suggestion number of Alt+1…9 (by physical key: Alt changes the character on macOS). */
function suggestionIndex(event: KeyboardEvent<HTMLTextAreaElement>): number | null {
  if (!event.altKey || event.ctrlKey || event.metaKey) return null;
  const match = /^(?:Digit|Numpad)([1-9])$/.exec(event.code) ?? /^([1-9])$/.exec(event.key);
  return match?.[1] ? Number(match[1]) - 1 : null;
}

const emptySides = { front: '', answers: '', notes: '' };

interface QuickAddDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Where focus goes on close: back where the learner was when it opened (quick-add.tsx). */
  onCloseAutoFocus(event: Event): void;
}

/**
 * Quick add's dialog (loaded with its first opening, quick-add.tsx): adds cards one after the
 * other. Enter saves and clears the sides for the next card, keeping the languages and the
 * category; Shift+Enter starts a new line in answers and notes.
 */
export function QuickAddDialog({
  open,
  onOpenChange: setOpen,
  onCloseAutoFocus,
}: QuickAddDialogProps) {
  const { t } = useLingui();
  const frontId = useId();
  const { data: user } = useUser();
  const categories = useQuery({ ...categoryTreeQueryOptions(), enabled: open });
  const options = useMemo(() => categoryOptions(categories.data ?? []), [categories.data]);
  const create = useCreateCard();
  const form = useForm<CardFormValues>({
    resolver: formResolver(cardFormSchema),
    defaultValues: {
      ...emptySides,
      fromLanguageCode: user?.defaultFromLanguageCode ?? '',
      toLanguageCode: user?.toLanguageCode ?? '',
      categoryId: '',
      reverse: 'inherit',
    },
  });
  const { handleSubmit, reset, setError, setFocus, getValues, setValue, formState, control } = form;
  const [front, answers, fromLanguageCode, toLanguageCode, categoryId] = useWatch({
    control,
    name: ['front', 'answers', 'fromLanguageCode', 'toLanguageCode', 'categoryId'],
  });
  const duplicates = useDuplicateCards({
    front,
    from: fromLanguageCode,
    to: toLanguageCode,
    categoryId,
    active: open,
  });
  const { detected, suggestions } = useLanguageHelp({
    front,
    from: fromLanguageCode,
    to: toLanguageCode,
    detectEnabled: user?.isAutodetectLanguageEnabled ?? false,
    active: open,
  });
  const added = useMemo(
    () => new Set(splitAnswers(answers).map((answer) => answer.toLocaleLowerCase())),
    [answers],
  );

  const setLanguages = (from: string, to: string) => {
    const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
    setValue('fromLanguageCode', from, options);
    setValue('toLanguageCode', to, options);
  };

  const addAnswer = (text: string) => {
    const current = getValues('answers');
    if (
      splitAnswers(current).some(
        (answer) => answer.toLocaleLowerCase() === text.toLocaleLowerCase(),
      )
    ) {
      return;
    }
    const next = current.trim() === '' ? text : `${current.replace(/\s+$/, '')}\n${text}`;
    setValue('answers', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  const onAnswersKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const index = suggestionIndex(event);
    if (index === null) return;
    const suggestion = suggestions[index];
    if (!suggestion) return;
    event.preventDefault();
    addAnswer(suggestion.text);
  };

  // The learner's languages arrive after the first render: fill them while the fields are empty.
  useEffect(() => {
    if (!user) return;
    const values = getValues();
    if (values.fromLanguageCode === '' && values.toLanguageCode === '') {
      reset({
        ...values,
        fromLanguageCode: user.defaultFromLanguageCode,
        toLanguageCode: user.toLanguageCode,
      });
    }
  }, [user, getValues, reset]);

  // A second Enter while the card is being saved must not save it twice.
  const saving = useRef(false);
  // A create refused by the free plan (402): told with the way to upgrade.
  const [planLimit, setPlanLimit] = useState<ApiError | undefined>();
  const save = async (values: CardFormValues) => {
    if (saving.current) return;
    saving.current = true;
    setPlanLimit(undefined);
    try {
      const card = await create.mutateAsync(cardBody(values));
      const savedFront = card.front;
      toast.success(t`Card “${savedFront}” added.`);
      reset({ ...values, ...emptySides });
      // The next card starts at its front.
      document.getElementById(frontId)?.focus();
    } catch (error) {
      const limit = planLimitError(error);
      if (limit) setPlanLimit(limit);
      else applyServerErrors(withFormIssuePaths(error), setError, cardFormFields);
    } finally {
      saving.current = false;
    }
  };
  const onSubmit = (event?: FormEvent) => handleSubmit(save)(event);

  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // Enter saves from any field; the language lists use Enter to choose and stop it there.
    if (event.key !== 'Enter' || event.shiftKey || event.defaultPrevented) return;
    if (event.nativeEvent.isComposing) return;
    if (event.target instanceof HTMLButtonElement) return;
    event.preventDefault();
    void onSubmit();
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      reset({ ...getValues(), ...emptySides });
      create.reset();
      setPlanLimit(undefined);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      size="md"
      title={t`New card`}
      description={
        <Trans>
          <kbd className={cardStyles.kbd}>Enter</kbd> saves and starts the next card;{' '}
          <kbd className={cardStyles.kbd}>Shift</kbd>+<kbd className={cardStyles.kbd}>Enter</kbd>{' '}
          adds a line; <kbd className={cardStyles.kbd}>Esc</kbd> closes.
        </Trans>
      }
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        setFocus('front');
      }}
    >
      {/* Enter is the form's own submit key here; every control inside stays reachable. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <form className={cardStyles.form} noValidate onSubmit={onSubmit} onKeyDown={onFormKeyDown}>
        <CardFields
          form={form}
          categories={options}
          frontId={frontId}
          afterFront={
            <>
              <DuplicateNotice cards={duplicates} onOpen={() => onOpenChange(false)} />
              {detected ? (
                <DetectedChip
                  detected={detected}
                  onSwap={() => setLanguages(toLanguageCode, fromLanguageCode)}
                  onUse={(code) =>
                    setLanguages(code, code === toLanguageCode ? fromLanguageCode : toLanguageCode)
                  }
                />
              ) : null}
            </>
          }
          afterAnswers={
            <SuggestionList suggestions={suggestions} added={added} onAdd={addAnswer} />
          }
          onAnswersKeyDown={onAnswersKeyDown}
        />
        <PlanLimitAlert
          error={planLimit}
          message={formState.errors.root?.server?.message}
          onFollow={() => onOpenChange(false)}
        />
        <DialogActions sticky>
          <DialogClose>
            <Button variant="secondary">
              <Trans>Done</Trans>
            </Button>
          </DialogClose>
          <Button type="submit" loading={create.isPending}>
            {duplicates.length > 0 ? t`Save anyway` : t`Save card`}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
