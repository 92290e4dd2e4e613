import {
  ChangePasswordRequest,
  OkResponse,
  UpdateLanguageRequest,
  UpdateProfileRequest,
  UserResponse,
} from '../api.ts';
import { defineRoute } from './route.ts';

// The signed-in user's own account: never reachable with an API key.
const tags = ['users'] as const;
const access = 'session';

export const userRoutes = {
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/users/me',
    operationId: 'updateProfile',
    summary: 'Update the profile',
    tags,
    access,
    body: UpdateProfileRequest,
    responses: { 200: UserResponse },
    errors: [],
  }),
  updateLanguage: defineRoute({
    method: 'PUT',
    path: '/users/language',
    operationId: 'updateLanguage',
    summary: 'Save the UI language to the account',
    tags,
    access,
    body: UpdateLanguageRequest,
    responses: { 200: UserResponse },
    errors: [],
  }),
  changePassword: defineRoute({
    method: 'PUT',
    path: '/users/me/password',
    operationId: 'changePassword',
    summary: 'Change the password (other sessions end)',
    tags,
    access,
    body: ChangePasswordRequest,
    responses: { 200: OkResponse },
    // Limited per client and per account (at most 10 attempts in 15 minutes).
    errors: [429],
  }),
};
