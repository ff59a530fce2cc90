/**
 * Who may do what to a course (docs/product.md §10.2, §10.3, §10.5; docs/decisions/0030): the one table the
 * server's "may I?" checks read (`authorizeCourse` in apps/server/src/modules/courses/courses.policy.ts: the course
 * page, the lesson video stream, lesson progress, editing, enrolling, and the course's payment intent) and the course
 * JSON's `isCreator`, `canWatch` and lessons' `videoUrl` (what the web shows) are derived from. Change a rule here and
 * every one of them moves; apps/server/src/modules/courses/courses.policy.test.ts walks every action × viewer.
 */
import { ERRORS, type ErrorCode } from '../error-codes.js';

/** Every course action. */
export const COURSE_ACTIONS = ['watch', 'edit', 'enrol', 'buy'] as const;
export type CourseAction = (typeof COURSE_ACTIONS)[number];

/**
 * Who the viewer is to a course: nobody signed in, a member who has not enrolled, an enrolled learner, or its
 * creator. Administrators are members like any other here (docs/product.md §2.4 gives them no course rights).
 */
export const COURSE_ROLES = ['visitor', 'member', 'learner', 'creator'] as const;
export type CourseRole = (typeof COURSE_ROLES)[number];

/** What a rule reads of a course. */
export interface CourseFacts {
  creatorId: string;
  /** The price (any unit: only whether it is above zero is read). */
  price: number;
}

/** The viewer: null for a visitor; `enrolled` whether they have an enrolment in this course. */
export type CourseViewer = { id: string; enrolled: boolean } | null;

/** A refusal: the error code (401, 403 or 409 of ERRORS) and its sentence. */
export interface CourseRefusal {
  code: ErrorCode;
  message: string;
}

const ALLOW = 'allow' as const;

/** Conditions beyond who the viewer is. */
export const COURSE_CONDITIONS = {
  /** Only a paid course is bought; a free one is enrolled in from its page. */
  paid: { test: (course: CourseFacts) => course.price > 0, code: 'COURSE_IS_FREE' },
} as const satisfies Record<string, { test: (course: CourseFacts) => boolean; code: ErrorCode }>;
export type CourseCondition = keyof typeof COURSE_CONDITIONS;

export interface CourseRule {
  /** For each role: allowed, or the error it is refused with. */
  roles: Record<CourseRole, typeof ALLOW | ErrorCode>;
  /** Further conditions, checked once the role is allowed. */
  when?: readonly CourseCondition[];
}

/** The course policy: every role's answer to every action, on one screen. */
export const COURSE_POLICY = {
  /**
   * Play every lesson and keep progress: the creator and enrolled learners (§10.2, §10.4). A lesson marked as a
   * free preview plays for anyone (`lessonWatchRefusal`).
   */
  watch: { roles: { visitor: 'COURSE_SIGN_IN_TO_WATCH', member: 'COURSE_ENROL_FIRST', learner: ALLOW, creator: ALLOW } },
  /** Change or delete the course: its creator only (§10.5). */
  edit: { roles: { visitor: 'UNAUTHENTICATED', member: 'COURSE_NOT_YOURS', learner: 'COURSE_NOT_YOURS', creator: ALLOW } },
  /**
   * `POST /api/enroll` (free at once, paid with a verified payment): any member but the creator, whose course is
   * already theirs (§10.3). Enrolling again is harmless (200 with the existing enrolment).
   */
  enrol: { roles: { visitor: 'UNAUTHENTICATED', member: ALLOW, learner: ALLOW, creator: 'COURSE_OWN_ENROLMENT' } },
  /** Start paying for a paid course (`POST /api/payments/intents`, type course): a member not yet enrolled. */
  buy: {
    roles: { visitor: 'UNAUTHENTICATED', member: ALLOW, learner: 'COURSE_ALREADY_ENROLLED', creator: 'COURSE_OWN_ENROLMENT' },
    when: ['paid'],
  },
} as const satisfies Record<CourseAction, CourseRule>;

const refusal = (code: ErrorCode): CourseRefusal => ({ code, message: ERRORS[code].message });

/** The viewer's role in this course. */
export function courseRoleOf(course: Pick<CourseFacts, 'creatorId'>, viewer: CourseViewer): CourseRole {
  if (!viewer) return 'visitor';
  if (viewer.id === course.creatorId) return 'creator';
  return viewer.enrolled ? 'learner' : 'member';
}

/** The roles that may take an action (before its conditions). */
export function courseActionRoles(action: CourseAction): CourseRole[] {
  const roles: CourseRule['roles'] = COURSE_POLICY[action].roles;
  return COURSE_ROLES.filter((role) => roles[role] === ALLOW);
}

/** May this viewer do this to this course now? Null when yes, else the refusal (by role first, then conditions). */
export function courseRefusal(course: CourseFacts, viewer: CourseViewer, action: CourseAction): CourseRefusal | null {
  const rule: CourseRule = COURSE_POLICY[action];
  const answer = rule.roles[courseRoleOf(course, viewer)];
  if (answer !== ALLOW) return refusal(answer);
  for (const name of rule.when ?? []) {
    const condition = COURSE_CONDITIONS[name];
    if (!condition.test(course)) return refusal(condition.code);
  }
  return null;
}

/** May this viewer play this lesson? A free preview plays for anyone; any other lesson as `watch` says. */
export function lessonWatchRefusal(course: CourseFacts, viewer: CourseViewer, lesson: { preview: boolean }): CourseRefusal | null {
  return lesson.preview ? null : courseRefusal(course, viewer, 'watch');
}

/**
 * What the course JSON presents to its viewer: `isCreator` (the creator's page: edit, delete, lessons' video
 * references) is whether they may `edit`; `canWatch` (every lesson plays, progress shows) whether they may `watch`.
 */
export function presentCoursePolicies(course: CourseFacts, viewer: CourseViewer): { isCreator: boolean; canWatch: boolean } {
  return { isCreator: courseRefusal(course, viewer, 'edit') === null, canWatch: courseRefusal(course, viewer, 'watch') === null };
}
