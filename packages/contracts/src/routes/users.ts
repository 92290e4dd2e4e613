import {
  ChangePasswordRequest,
  OkResponse,
  UpdateLanguageRequest,
  UpdateProfileRequest,
  UserResponse,
} from '../api.ts';
import {
  AdminUserListQuery,
  AdminUserListResponse,
  AdminUserParams,
  AdminUserResponse,
  AdminUserUpdate,
} from '../settings/api.ts';
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
    errors: [],
  }),
};

// Super admins manage accounts (the support role); anyone else signed in gets 403.
const adminTags = ['admin'] as const;

export const adminUserRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/admin/users',
    operationId: 'listUsers',
    summary: 'Accounts (search by name or email, filter by role); at most 200',
    tags: adminTags,
    access,
    query: AdminUserListQuery,
    responses: { 200: AdminUserListResponse },
    errors: [403],
  }),
  setRole: defineRoute({
    method: 'PUT',
    path: '/admin/users/:userId',
    operationId: 'setUserRole',
    summary: "Set an account's role: user or support (support staff can read projects whose owner grants it)",
    tags: adminTags,
    access,
    params: AdminUserParams,
    body: AdminUserUpdate,
    responses: { 200: AdminUserResponse },
    errors: [403, 404],
  }),
};
