import { languageListSchema } from '../cards';
import { route } from '../route';
import {
  detectBodySchema,
  detectResultSchema,
  translateBodySchema,
  translateResultSchema,
} from '../translate';

export const languages = {
  list: route({
    method: 'GET',
    path: '/api/languages',
    // The sign-up form offers the languages before there is a session.
    access: 'public',
    summary: 'The supported languages: code, English and native names, text direction',
    responses: { 200: languageListSchema },
  }),
  detect: route({
    method: 'POST',
    path: '/api/languages/detect',
    access: 'user',
    summary: "Which of the learner's languages a text is in (offline detection)",
    body: detectBodySchema,
    responses: { 200: detectResultSchema },
  }),
};

export const translate = {
  suggest: route({
    method: 'POST',
    path: '/api/translate',
    access: 'user',
    summary: 'Translation suggestions: answers of matching cards, then the provider if set',
    body: translateBodySchema,
    responses: { 200: translateResultSchema },
  }),
};
