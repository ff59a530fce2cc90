import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { errorReply, mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildCourse, buildCourseDetail, buildEnrolled, buildLesson } from '../test-data';

const member = buildUser({ id: 'me' });

describe('/thank-you (D16)', () => {
  it('enrols with the payment from the query and says the payment was successful only when the server agrees', async () => {
    const api = mockApi({ 'POST /api/enroll': { status: 201, body: { _id: 'e1', courseId: 'course-1' } } }, { user: member });
    renderApp('/thank-you?status=success&courseId=course-1&transactionId=pay-1');
    expect(await screen.findByText('Your payment was successful.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Courses' })).toHaveAttribute('href', '/my-courses');
    expect(api.to('POST /api/enroll').map((r) => r.body)).toEqual([{ courseId: 'course-1', transactionId: 'pay-1', paymentMethod: 'creditcard' }]);
  });

  it('shows the problem with Try Again when the payment is not verified (422)', async () => {
    mockApi({ 'POST /api/enroll': errorReply(422, 'The payment could not be verified.', 'PAYMENT_NOT_VERIFIED') }, { user: member });
    renderApp('/thank-you?status=success&courseId=course-1&transactionId=forged');
    expect(await screen.findByText('There was a problem with your payment.')).toBeInTheDocument();
    expect(screen.getByText('The payment could not be verified.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/courses');
    expect(screen.queryByText('Your payment was successful.')).not.toBeInTheDocument();
  });

  it.each([
    '/thank-you?status=success&courseId=course-1',
    '/thank-you?status=failed&courseId=course-1&transactionId=pay-1',
    '/thank-you',
  ])('enrols nobody and reports a problem for %s', async (path) => {
    const api = mockApi({}, { user: member });
    renderApp(path);
    expect(await screen.findByText('There was a problem with your payment.')).toBeInTheDocument();
    expect(api.to('POST /api/enroll')).toHaveLength(0);
  });
});

describe('/courses/{id}', () => {
  it("shows the course: 'Education' without a category, 'one-time payment', lessons, 'Unknown Instructor', Enroll Now to /pay", async () => {
    const course = buildCourseDetail({ tags: [], category: '', creator: { _id: '', username: '', image: null }, creatorName: '' });
    mockApi({ 'GET /api/courses/course-1': { body: course } });
    renderApp('/courses/course-1');
    expect(await screen.findByRole('heading', { level: 1, name: course.title })).toBeInTheDocument();
    expect(screen.getByText('Education')).toBeInTheDocument();
    expect(screen.getByText('$49.00')).toBeInTheDocument();
    expect(screen.getByText('one-time payment')).toBeInTheDocument();
    expect(screen.getByText('Unknown Instructor')).toBeInTheDocument();
    expect(screen.getByText('Course Creator')).toBeInTheDocument();
    expect(screen.getByText('15 min')).toBeInTheDocument(); // 10:30 + 5:00
    expect(screen.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute('href', '/pay/course/course-1');
    expect(screen.getByRole('link', { name: 'Back to courses' })).toHaveAttribute('href', '/courses');
    const lessons = screen.getByRole('region', { name: 'Lessons' });
    expect(within(lessons).getAllByRole('listitem')).toHaveLength(2);
    expect(within(lessons).getByRole('button', { name: /Watch preview/ })).toBeInTheDocument();
    expect(within(lessons).getByText('Enrol to watch this lesson')).toBeInTheDocument();
  });

  it("says 'Course not found.' for a course that does not exist", async () => {
    mockApi({ 'GET /api/courses/nope': errorReply(404, 'Course not found.', 'COURSE_NOT_FOUND') });
    renderApp('/courses/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found.' })).toBeInTheDocument();
  });

  it('enrols at once in a free course, and offers Continue learning once enrolled', async () => {
    const free = buildCourseDetail({ price: 0 });
    const api = mockApi(
      {
        'GET /api/courses/course-1': { body: free },
        'POST /api/enroll': { status: 201, body: { _id: 'e1' } },
      },
      { user: member },
    );
    const ui = renderApp('/courses/course-1');
    expect(await screen.findByText('Free')).toBeInTheDocument();
    expect(screen.queryByText('one-time payment')).not.toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/courses/course-1/learn'));
    expect(api.to('POST /api/enroll')[0]?.body).toEqual({ courseId: 'course-1' });
  });

  it('shows Continue learning to an enrolled learner, Edit and Delete to the creator', async () => {
    const receipt = { _id: 'r-1', kind: 'receipt', number: 'CUSP-2026-000124', receiptNumber: 'CUSP-2026-000124', paymentId: 'p-2', role: 'buyer', itemType: 'course', itemId: 'course-1', title: 'Course', amount: 49.5, currency: 'USD', issuedAt: '2026-11-20T10:00:00.000Z', pdfUrl: '/api/payments/p-2/receipt.pdf' };
    mockApi(
      { 'GET /api/courses/course-1': { body: buildCourseDetail({ enrolled: true, canWatch: true, progress: 50 }) }, 'GET /api/billing': { body: { documents: [receipt], statementMonths: [] } } },
      { user: member },
    );
    renderApp('/courses/course-1');
    expect(await screen.findByRole('link', { name: 'Continue learning' })).toHaveAttribute('href', '/courses/course-1/learn');
    // A paid enrolment's receipt (docs/product.md §6.7).
    expect(await screen.findByRole('link', { name: 'Receipt CUSP-2026-000124' })).toHaveAttribute('href', '/api/payments/p-2/receipt.pdf?lang=en');
    expect(screen.queryByRole('link', { name: 'Enroll Now' })).not.toBeInTheDocument();
  });

  it("keeps a course with learners: the creator's Delete shows the server's reason", async () => {
    mockApi(
      {
        'GET /api/courses/course-1': { body: buildCourseDetail({ isCreator: true, canWatch: true, progress: 0 }) },
        'DELETE /api/courses/course-1': errorReply(409, 'Learners have enrolled in this course, so it cannot be deleted. You can still edit it.', 'COURSE_HAS_LEARNERS'),
      },
      { user: member },
    );
    const ui = renderApp('/courses/course-1');
    expect(await screen.findByRole('link', { name: 'Edit course' })).toHaveAttribute('href', '/courses/course-1/edit');
    await ui.user.click(screen.getByRole('button', { name: 'Delete' }));
    await ui.user.click(await screen.findByRole('button', { name: 'Delete course' }));
    expect(await screen.findByText('Learners have enrolled in this course, so it cannot be deleted. You can still edit it.')).toBeInTheDocument();
  });
});

describe('/courses', () => {
  it("lists 'Available Courses' with creator and price, '+ Create Course' only for members, search in the URL", async () => {
    const api = mockApi({
      'GET /api/courses': { body: [buildCourse(), buildCourse({ _id: 'c2', title: 'Free start', price: 0, creatorName: 'omar_cad' })], headers: { 'X-Total-Count': '2' } },
    });
    const ui = renderApp('/courses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Available Courses' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Custom abutments for implant crowns' })).toHaveAttribute('href', '/courses/course-1');
    expect(screen.getByText('by lina_haddad')).toBeInTheDocument();
    expect(screen.getByText('$49.00')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '+ Create Course' })).not.toBeInTheDocument();

    await ui.user.type(screen.getByLabelText('Search courses'), 'abutment{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/courses?search=abutment'));
    await waitFor(() => expect(api.to('GET /api/courses').at(-1)?.url.searchParams.get('search')).toBe('abutment'));
  });

  it('shows + Create Course to a logged-in member', async () => {
    mockApi({ 'GET /api/courses': { body: [], headers: { 'X-Total-Count': '0' } } }, { user: member });
    renderApp('/courses');
    expect(await screen.findByRole('link', { name: '+ Create Course' })).toHaveAttribute('href', '/courses/create');
    expect(await screen.findByText('No courses yet. Be the first to publish one!')).toBeInTheDocument();
  });
});

describe('/my-courses', () => {
  it("shows 'You haven’t enrolled in any courses yet.' when empty", async () => {
    mockApi({ 'GET /api/enroll/my': { body: [] }, 'GET /api/courses/mine': { body: [] } }, { user: member });
    renderApp('/my-courses');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Enrolled Courses' })).toBeInTheDocument();
    expect(await screen.findByText('You haven’t enrolled in any courses yet.')).toBeInTheDocument();
  });

  it('shows progress per course, and the courses the member publishes with learners and revenue', async () => {
    mockApi(
      {
        'GET /api/enroll/my': { body: [buildEnrolled()] },
        'GET /api/courses/mine': { body: [{ ...buildCourse({ _id: 'mine', title: 'My own course' }), enrollmentCount: 3, revenue: 147 }] },
      },
      { user: member },
    );
    renderApp('/my-courses');
    expect(await screen.findByRole('progressbar', { name: 'Progress in Custom abutments for implant crowns' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('50% complete · 1 of 2 lessons')).toBeInTheDocument();
    const published = await screen.findByRole('region', { name: 'Courses you publish' });
    const row = within(published).getByRole('row', { name: /My own course/ });
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('$147.00')).toBeInTheDocument();
  });
});

describe('/courses/{id}/learn', () => {
  const learning = buildCourseDetail({
    enrolled: true,
    canWatch: true,
    progress: 0,
    lastLessonId: 'lesson-2',
    lessons: [
      buildLesson({ _id: 'lesson-1', videoUrl: '/v/1', completed: false, watchedSeconds: 0 }),
      buildLesson({ _id: 'lesson-2', position: 1, title: 'Shaping the emergence profile', videoUrl: '/v/2', completed: false, watchedSeconds: 42 }),
    ],
  });

  it('resumes the last lesson, and marking it complete saves progress and updates the percent', async () => {
    const api = mockApi(
      {
        'GET /api/courses/course-1': { body: learning },
        'POST /api/courses/course-1/lessons/lesson-2/progress': { body: { lessonId: 'lesson-2', position: 42, completed: true, progress: 50 } },
      },
      { user: member },
    );
    const ui = renderApp('/courses/course-1/learn');
    expect(await screen.findByRole('heading', { level: 2, name: 'Shaping the emergence profile' })).toBeInTheDocument();
    expect(screen.getByText('Lesson 2 of 2')).toBeInTheDocument();
    expect(screen.getByTestId('lesson-video')).toHaveAttribute('src', '/v/2');
    await ui.user.click(screen.getByRole('button', { name: 'Mark as complete' }));
    expect(await screen.findByText('50% complete · 1 of 2 lessons')).toBeInTheDocument();
    expect(api.to('POST /api/courses/course-1/lessons/lesson-2/progress')[0]?.body).toMatchObject({ completed: true });
  });

  it('reports the position when the learner pauses, and completes the lesson at its end', async () => {
    const api = mockApi(
      {
        'GET /api/courses/course-1': { body: learning },
        'POST /api/courses/course-1/lessons/lesson-2/progress': ({ body }) => ({
          body: { lessonId: 'lesson-2', ...(body as object), progress: (body as { completed: boolean }).completed ? 50 : 0 },
        }),
      },
      { user: member },
    );
    renderApp('/courses/course-1/learn');
    const player = (await screen.findByTestId('lesson-video')) as HTMLVideoElement;
    Object.defineProperty(player, 'duration', { configurable: true, value: 300 });
    player.currentTime = 120;
    fireEvent.pause(player);
    await waitFor(() => expect(api.to('POST /api/courses/course-1/lessons/lesson-2/progress')).toHaveLength(1));
    expect(api.to('POST /api/courses/course-1/lessons/lesson-2/progress')[0]?.body).toEqual({ position: 120, completed: false });
    player.currentTime = 300;
    fireEvent.ended(player);
    await waitFor(() => expect(api.to('POST /api/courses/course-1/lessons/lesson-2/progress')).toHaveLength(2));
    expect(api.to('POST /api/courses/course-1/lessons/lesson-2/progress')[1]?.body).toEqual({ position: 300, completed: true });
  });

  it('asks someone not enrolled to enrol first', async () => {
    mockApi({ 'GET /api/courses/course-1': { body: buildCourseDetail() } }, { user: member });
    renderApp('/courses/course-1/learn');
    expect(await screen.findByText('Enrol in this course to watch its lessons.')).toBeInTheDocument();
    expect(screen.queryByTestId('lesson-video')).not.toBeInTheDocument();
  });
});
