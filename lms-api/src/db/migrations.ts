import type { Migration } from './migrate';

/** The platform's own tables (the LRS brings its own in schema `lrs`). Forward-only: never edit a shipped one. */
export const coreMigrations: Migration[] = [
  {
    namespace: 'core',
    version: 1,
    name: 'users, modules, courses, progress, contact',
    sql: `
CREATE TABLE users (
  id serial PRIMARY KEY,
  -- HMAC-SHA256 of the anonymous ID with the server secret (DESIGN.md 6): the ID itself is never stored.
  anonymous_id_hash bytea NOT NULL UNIQUE,
  anonymous_id_masked text NOT NULL,
  nickname text,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login timestamptz,
  is_admin boolean NOT NULL DEFAULT false,
  auth_provider text NOT NULL DEFAULT 'anonymous',
  -- Opaque per-learner name for xAPI account actors; never derived from the anonymous ID.
  actor_name uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE
);
CREATE INDEX users_last_login_idx ON users (last_login DESC NULLS LAST);
CREATE INDEX users_created_at_idx ON users (created_at);

CREATE TABLE modules (
  id serial PRIMARY KEY,
  title text NOT NULL,
  description text,
  title_fr text,
  title_de text,
  title_lb text,
  description_fr text,
  description_de text,
  description_lb text,
  "order" integer NOT NULL CHECK ("order" >= 1),
  is_active boolean NOT NULL DEFAULT true,
  image_path text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE courses (
  id serial PRIMARY KEY,
  title text NOT NULL,
  description text,
  content_type text NOT NULL CHECK (content_type IN ('scorm', 'h5p', 'cmi5', 'aicc')),
  version text,
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'fr', 'de', 'lb')),
  level integer NOT NULL DEFAULT 1 CHECK (level >= 1),
  -- A module with courses cannot be deleted (spec 7: 400 while courses are assigned).
  module_id integer REFERENCES modules (id) ON DELETE RESTRICT,
  min_score_required numeric CHECK (min_score_required >= 0 AND min_score_required <= 100),
  is_active boolean NOT NULL DEFAULT true,
  chapter_count integer NOT NULL DEFAULT 1 CHECK (chapter_count >= 1),
  original_course_id integer REFERENCES courses (id) ON DELETE SET NULL,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Folder (relative to the content root) of the package version currently launched.
  package_path text,
  package_version integer NOT NULL DEFAULT 0,
  -- Entry point relative to package_path.
  launch_path text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX courses_module_idx ON courses (module_id, level);
CREATE INDEX courses_original_idx ON courses (original_course_id);

CREATE TABLE course_progress (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  course_id integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'not_started' CHECK (status IN ('not_started', 'in_progress', 'completed')),
  -- Raw success status of the content (passed, failed, completed, incomplete, unknown).
  success_status text,
  completion_percentage numeric NOT NULL DEFAULT 0 CHECK (completion_percentage >= 0 AND completion_percentage <= 100),
  score numeric,
  time_spent_seconds integer NOT NULL DEFAULT 0,
  tracking_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  attempt integer NOT NULL DEFAULT 1,
  package_version integer NOT NULL DEFAULT 0,
  last_accessed timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, course_id)
);
CREATE INDEX course_progress_course_idx ON course_progress (course_id, status);

CREATE TABLE contact_messages (
  id serial PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  forwarded_at timestamptz,
  forward_error text
);

-- Solved captcha challenges, so one solution cannot be replayed.
CREATE TABLE captcha_solutions (
  signature text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
`,
  },
];
