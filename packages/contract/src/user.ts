import { z } from 'zod';
import { requiredString } from './required-string';
import { languageCodeSchema } from './languages';
import { interfaceLocales } from './locales';
import { boundedNumber, boundsMessage, reflowBounds } from './scheduler-settings';
import { identityWeakness, isBlankPassword, passwordMessages } from './password-rule';

export const usernameSchema = requiredString('Username')
  .trim()
  .min(3, { error: 'Username must be at least 3 characters' })
  .max(32, { error: 'Username must be at most 32 characters' })
  .regex(/^[\p{L}\p{N}_.-]+$/u, {
    error: 'Username may contain letters, digits, underscores, dots and hyphens',
  });

export const emailSchema = requiredString('E-mail')
  .trim()
  .max(254, { error: 'E-mail must be at most 254 characters' })
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

/**
 * 8 to 128 characters, not spaces only, no composition rules; a body that names the account also
 * refuses a password built from its username or e-mail (password-rule.ts), and the server refuses
 * the most common ones.
 */
export const passwordSchema = requiredString('Password')
  .min(8, { error: 'Password must be at least 8 characters' })
  .max(128, { error: 'Password must be at most 128 characters' })
  .refine((password) => !isBlankPassword(password), { error: passwordMessages.blank });

/** The password typed to prove it is you: never length-checked beyond the bound. */
export const currentPasswordSchema = requiredString('Current password')
  .min(1, { error: 'Current password is required' })
  .max(128, { error: 'Password must be at most 128 characters' });

/** The interface language of a learner (decision 0037): one of the supported locales. */
export const interfaceLocaleSchema = z.enum(interfaceLocales, {
  error: `Locale must be one of ${interfaceLocales.join(', ')}`,
});

/** The payload of GET /api/user/info: exactly the seed's fields, no more. */
export const userInfoSchema = z.strictObject({
  id: z.string(),
  isFreeloaded: z.boolean(),
  username: z.string(),
  email: z.string(),
  isAutodetectLanguageEnabled: z.boolean(),
  isReflowAbsolute: z.boolean(),
  reflowValue: z.number(),
  interceptElevationGain: z.number(),
  amplitudeElevationGain: z.number(),
  decayRateElevationGain: z.number(),
  checkpointAmplitudeCoefficientElevationGain: z.number(),
  checkpointSpanElevationGain: z.number(),
  interceptElevationDepreciation: z.number(),
  amplitudeElevationDepreciation: z.number(),
  decayRateElevationDepreciation: z.number(),
  checkpointAmplitudeCoefficientElevationDepreciation: z.number(),
  checkpointSpanElevationDepreciation: z.number(),
  checkpointAmplitudeCoefficientPeriodGain: z.number(),
  checkpointSpanPeriodGain: z.number(),
  checkpointAmplitudeCoefficientPeriodDepreciation: z.number(),
  checkpointSpanPeriodDepreciation: z.number(),
  guessSuccessMinimumScore: z.number(),
  defaultFromLanguageCode: z.string(),
  toLanguageCode: z.string(),
  /**
   * The interface language (decision 0037). The server always sends it; optional in the type so
   * that the many UserInfo fixtures of the web tests need not all name it.
   */
  locale: z.string().optional(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** The learning settings of UserInfo with their bounds, as edited in settings. */
export const learningSettingsSchema = z.strictObject({
  isAutodetectLanguageEnabled: z.boolean(),
  isReflowAbsolute: z.boolean(),
  // Bounded by its unit too, once isReflowAbsolute is known (reflowWindowProblem).
  reflowValue: z
    .number({ error: boundsMessage(reflowBounds.absolute) })
    .min(reflowBounds.absolute.min, { error: boundsMessage(reflowBounds.absolute) })
    .max(reflowBounds.absolute.max, { error: boundsMessage(reflowBounds.absolute) }),
  interceptElevationGain: boundedNumber('interceptElevationGain'),
  amplitudeElevationGain: boundedNumber('amplitudeElevationGain'),
  decayRateElevationGain: boundedNumber('decayRateElevationGain'),
  checkpointAmplitudeCoefficientElevationGain: boundedNumber(
    'checkpointAmplitudeCoefficientElevationGain',
  ),
  checkpointSpanElevationGain: boundedNumber('checkpointSpanElevationGain'),
  interceptElevationDepreciation: boundedNumber('interceptElevationDepreciation'),
  amplitudeElevationDepreciation: boundedNumber('amplitudeElevationDepreciation'),
  decayRateElevationDepreciation: boundedNumber('decayRateElevationDepreciation'),
  checkpointAmplitudeCoefficientElevationDepreciation: boundedNumber(
    'checkpointAmplitudeCoefficientElevationDepreciation',
  ),
  checkpointSpanElevationDepreciation: boundedNumber('checkpointSpanElevationDepreciation'),
  checkpointAmplitudeCoefficientPeriodGain: boundedNumber(
    'checkpointAmplitudeCoefficientPeriodGain',
  ),
  checkpointSpanPeriodGain: boundedNumber('checkpointSpanPeriodGain'),
  checkpointAmplitudeCoefficientPeriodDepreciation: boundedNumber(
    'checkpointAmplitudeCoefficientPeriodDepreciation',
  ),
  checkpointSpanPeriodDepreciation: boundedNumber('checkpointSpanPeriodDepreciation'),
  guessSuccessMinimumScore: boundedNumber('guessSuccessMinimumScore'),
  defaultFromLanguageCode: languageCodeSchema,
  toLanguageCode: languageCodeSchema,
});
export type LearningSettings = z.infer<typeof learningSettingsSchema>;

/** POST /api/user/create */
export const createUserBodySchema = z
  .strictObject({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    defaultFromLanguageCode: languageCodeSchema.optional(),
    toLanguageCode: languageCodeSchema.optional(),
  })
  .superRefine((body, context) => {
    const weakness = identityWeakness(body.password, body);
    if (weakness) context.addIssue({ code: 'custom', path: ['password'], message: weakness });
  });
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/**
 * POST /api/user/edit: any subset of the editable UserInfo fields (all but id and isFreeloaded),
 * plus password and currentPassword. Username, e-mail and password changes need currentPassword.
 */
export const editUserBodySchema = learningSettingsSchema.partial().extend({
  username: usernameSchema.optional(),
  email: emailSchema.optional(),
  password: passwordSchema.optional(),
  currentPassword: currentPasswordSchema.optional(),
  locale: interfaceLocaleSchema.optional(),
});
export type EditUserBody = z.infer<typeof editUserBodySchema>;

/** The payload of POST /api/user/edit: new tokens when the change rotated the security stamp. */
export const editUserResponseSchema = z.strictObject({
  access: z.string().nullable(),
  refresh: z.string().nullable(),
});
export type EditUserResponse = z.infer<typeof editUserResponseSchema>;
