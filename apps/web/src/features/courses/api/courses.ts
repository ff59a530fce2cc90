import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseCreateInput, CourseUpdateInput } from '@cusp/shared';
import { api, API_BASE, type Page } from '@/lib/api';
import type { Course, CourseDetail, EnrolledCourse, Enrollment, LessonProgress, PublishedCourse } from '@/lib/domain';

export const COURSES_PAGE_SIZE = 24;

export interface CourseFilters {
  search?: string;
  tag?: string;
}

export const coursesKeys = {
  all: ['courses'] as const,
  list: (filters: CourseFilters) => ['courses', 'list', filters] as const,
  detail: (id: string) => ['courses', 'detail', id] as const,
  enrolled: ['courses', 'enrolled'] as const,
  published: ['courses', 'published'] as const,
};

function queryString(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
  return query.toString();
}

const loaded = (pages: Page<unknown>[]) => pages.reduce((sum, page) => sum + page.items.length, 0);

/** `GET /courses` page by page, with "Load more" while X-Total-Count says there is more (docs/product.md §15.3). */
export function coursesQueryOptions(filters: CourseFilters) {
  return infiniteQueryOptions({
    queryKey: coursesKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api.getPage<Course>(`/courses?${queryString({ ...filters, limit: COURSES_PAGE_SIZE, offset: pageParam })}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const count = loaded(pages);
      return count < last.total && last.items.length > 0 ? count : undefined;
    },
  });
}

export function useCourses(filters: CourseFilters) {
  return useInfiniteQuery(coursesQueryOptions(filters));
}

export function courseQueryOptions(id: string) {
  return queryOptions({
    queryKey: coursesKeys.detail(id),
    queryFn: ({ signal }) => api.get<CourseDetail>(`/courses/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useCourse(id: string) {
  return useQuery(courseQueryOptions(id));
}

export function useEnrolledCourses() {
  return useQuery({ queryKey: coursesKeys.enrolled, queryFn: ({ signal }) => api.get<EnrolledCourse[]>('/enroll/my', { signal }) });
}

export function usePublishedCourses(enabled = true) {
  return useQuery({
    queryKey: coursesKeys.published,
    queryFn: ({ signal }) => api.get<PublishedCourse[]>('/courses/mine', { signal }),
    enabled,
  });
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CourseCreateInput) => api.post<CourseDetail>('/courses', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: coursesKeys.all }),
  });
}

export function useUpdateCourse(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CourseUpdateInput) => api.patch<CourseDetail>(`/courses/${encodeURIComponent(id)}`, body),
    onSuccess: (course) => {
      queryClient.setQueryData(coursesKeys.detail(id), course);
      return queryClient.invalidateQueries({ queryKey: coursesKeys.all });
    },
  });
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/courses/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: coursesKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: coursesKeys.all });
    },
  });
}

export interface EnrollBody {
  courseId: string;
  transactionId?: string;
  paymentMethod?: 'creditcard';
}

/** `POST /enroll`: 201 enrolled now, 200 already enrolled; 422 when the payment is not verified (docs/product.md §6.3). */
export function enroll(body: EnrollBody) {
  return api.postWithStatus<Enrollment>('/enroll', body);
}

export function useEnroll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enroll,
    onSuccess: (_result, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: coursesKeys.detail(body.courseId) }),
        queryClient.invalidateQueries({ queryKey: coursesKeys.enrolled }),
      ]),
  });
}

export interface ProgressBody {
  position: number;
  completed: boolean;
}

const progressPath = (courseId: string, lessonId: string) =>
  `/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}/progress`;

export function saveProgress(courseId: string, lessonId: string, body: ProgressBody) {
  return api.post<LessonProgress>(progressPath(courseId, lessonId), body);
}

/**
 * The last report when the page goes away: `keepalive` lets the request outlive the page. Failures
 * are ignored (the next visit resumes from the previous report).
 */
export function saveProgressOnExit(courseId: string, lessonId: string, body: ProgressBody): void {
  try {
    void fetch(`${API_BASE}${progressPath(courseId, lessonId)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // fetch itself may be unavailable while the page unloads
  }
}
