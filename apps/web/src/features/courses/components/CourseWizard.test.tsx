import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseVideo } from '@/lib/domain';
import { buildUser } from '@/test/factories';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildCourseDetail } from '../test-data';

const upload = vi.hoisted(() => ({ fn: vi.fn() }));
vi.mock('../api/upload-video', () => ({ uploadCourseVideo: upload.fn }));

const member = buildUser({ id: 'me' });
// What uploadCourseVideo resolves with: the server's answer in the domain's names (lib/wire.ts).
const video = (name: string, id = name): CourseVideo => ({
  id,
  secureUrl: `/api/courses/videos/00000000-0000-4000-8000-00000000000${id.length % 10}`,
  originalFilename: name,
  resourceType: 'video',
  bytes: 1000,
});
const clip = (name = 'clip.mp4', type = 'video/mp4') => new File([new Uint8Array(64)], name, { type });

beforeEach(() => {
  upload.fn.mockReset();
  upload.fn.mockImplementation(async (file: File) => video(file.name));
});

async function fillDetails(ui: ReturnType<typeof renderApp>, price?: string) {
  await ui.user.type(await screen.findByLabelText(/^Title/), 'Implant abutments');
  await ui.user.type(screen.getByLabelText(/^Description/), 'From scan body to milling.');
  if (price !== undefined) {
    await ui.user.clear(screen.getByLabelText(/^Price/));
    await ui.user.type(screen.getByLabelText(/^Price/), price);
  }
  await ui.user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Lessons' });
}

const lessonGroup = (n: number) => screen.getByRole('group', { name: `Lesson ${n}` });

describe('create-course wizard', () => {
  it("stays on step 1 with 'Please fill in required course fields.' until title and description are filled", async () => {
    mockApi({}, { user: member });
    const ui = renderApp('/courses/create');
    await ui.user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please fill in required course fields.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('heading', { level: 2, name: 'Lessons' })).not.toBeInTheDocument();

    await ui.user.type(screen.getByLabelText(/^Title/), 'Only a title');
    await ui.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Please fill in required course fields.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Description/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Price/)).toHaveValue('0'); // free unless a price is set
  });

  it('offers Remove only while more than one lesson exists', async () => {
    mockApi({}, { user: member });
    const ui = renderApp('/courses/create');
    await fillDetails(ui);
    expect(screen.queryByRole('button', { name: /^Remove lesson/ })).not.toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: 'Add lesson' }));
    await ui.user.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(screen.getAllByRole('button', { name: /^Remove lesson/ })).toHaveLength(3);
    await ui.user.type(within(lessonGroup(3)).getByLabelText(/^Lesson title/), 'Third');
    await ui.user.click(screen.getByRole('button', { name: 'Remove lesson 2' }));
    expect(within(lessonGroup(2)).getByLabelText(/^Lesson title/)).toHaveValue('Third');
    await ui.user.click(screen.getByRole('button', { name: 'Remove lesson 1' }));
    expect(screen.queryByRole('button', { name: /^Remove lesson/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('group', { name: /^Lesson \d/ })).toHaveLength(1);
  });

  it("refuses to submit until each lesson has a title and a video: 'Each lesson must have a title and video file.'", async () => {
    const api = mockApi({ 'POST /api/courses': { status: 201, body: buildCourseDetail() } }, { user: member });
    const ui = renderApp('/courses/create');
    await fillDetails(ui);
    await ui.user.click(screen.getByRole('button', { name: 'Submit course' }));
    expect(await screen.findByText('Each lesson must have a title and video file.')).toBeInTheDocument();
    await ui.user.type(within(lessonGroup(1)).getByLabelText(/^Lesson title/), 'Scan body');
    await ui.user.click(screen.getByRole('button', { name: 'Submit course' }));
    expect(screen.getByText('Each lesson must have a title and video file.')).toBeInTheDocument();
    expect(api.to('POST /api/courses')).toHaveLength(0);
  });

  it('uploads a video as soon as it is chosen, with a progress bar, and refuses what is not a video', async () => {
    mockApi({}, { user: member });
    let finish: (value: CourseVideo) => void = () => {};
    upload.fn.mockImplementation(
      (file: File, options: { onProgress?: (p: { loaded: number; total: number }) => void }) =>
        new Promise((resolve) => {
          options.onProgress?.({ loaded: 32, total: 64 });
          finish = () => resolve(video(file.name));
        }),
    );
    const ui = renderApp('/courses/create');
    await fillDetails(ui);
    await ui.user.upload(screen.getByLabelText('Video for lesson 1', { selector: 'input' }), clip('scan-body.mp4'));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading scan-body.mp4' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    // Submitting while it uploads waits for it.
    await ui.user.type(within(lessonGroup(1)).getByLabelText(/^Lesson title/), 'Scan body');
    await ui.user.click(screen.getByRole('button', { name: 'Submit course' }));
    expect(await screen.findByText('Please wait until every video has finished uploading.')).toBeInTheDocument();
    finish(video('scan-body.mp4'));
    expect(await screen.findByText('Uploaded: scan-body.mp4')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    const picky = userEvent.setup({ applyAccept: false });
    await ui.user.click(screen.getByRole('button', { name: 'Add lesson' }));
    await picky.upload(screen.getByLabelText('Video for lesson 2', { selector: 'input' }), new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('The lesson video must be an MP4, WebM or MOV file.')).toBeInTheDocument();
    expect(upload.fn).toHaveBeenCalledTimes(1);
  });

  it("submits the course with price in cents and preview flags, then says 'Course submitted successfully!' and opens it", async () => {
    const api = mockApi(
      {
        'POST /api/courses': { status: 201, body: buildCourseDetail({ _id: 'new-course', isCreator: true, canWatch: true, progress: 0 }) },
        'GET /api/courses/new-course': { body: buildCourseDetail({ _id: 'new-course', isCreator: true, canWatch: true, progress: 0 }) },
      },
      { user: member },
    );
    const ui = renderApp('/courses/create');
    await fillDetails(ui, '19.99');
    await ui.user.type(within(lessonGroup(1)).getByLabelText(/^Lesson title/), 'Scan body');
    await ui.user.upload(screen.getByLabelText('Video for lesson 1', { selector: 'input' }), clip('one.mp4'));
    await ui.user.type(within(lessonGroup(1)).getByLabelText(/^Duration/), '10:30');
    await ui.user.click(within(lessonGroup(1)).getByRole('switch', { name: /Free preview/ }));
    await ui.user.click(screen.getByRole('button', { name: 'Add lesson' }));
    await ui.user.type(within(lessonGroup(2)).getByLabelText(/^Lesson title/), 'Emergence profile');
    await ui.user.upload(screen.getByLabelText('Video for lesson 2', { selector: 'input' }), clip('two.mp4'));
    await screen.findByText('Uploaded: two.mp4');
    await ui.user.click(screen.getByRole('button', { name: 'Submit course' }));

    expect((await screen.findAllByText('Course submitted successfully!')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/courses/new-course'));
    expect(api.to('POST /api/courses')[0]?.body).toEqual({
      title: 'Implant abutments',
      description: 'From scan body to milling.',
      thumbnail: '',
      price: 19.99,
      tags: [],
      lessons: [
        { title: 'Scan body', videoUrl: video('one.mp4').secureUrl, duration: '10:30', preview: true },
        { title: 'Emergence profile', videoUrl: video('two.mp4').secureUrl, duration: null, preview: false },
      ],
    });
  });

  it("shows 'Failed to submit course.' when the server fails without a reason", async () => {
    mockApi({ 'POST /api/courses': { status: 500 } }, { user: member });
    const ui = renderApp('/courses/create');
    await fillDetails(ui);
    await ui.user.type(within(lessonGroup(1)).getByLabelText(/^Lesson title/), 'Scan body');
    await ui.user.upload(screen.getByLabelText('Video for lesson 1', { selector: 'input' }), clip());
    await screen.findByText('Uploaded: clip.mp4');
    await ui.user.click(screen.getByRole('button', { name: 'Submit course' }));
    expect(await screen.findByText('Failed to submit course.')).toBeInTheDocument();
  });

  it('lets the creator edit a course: prefilled lessons keep their ids and videos', async () => {
    const course = buildCourseDetail({
      _id: 'c9',
      isCreator: true,
      canWatch: true,
      progress: 0,
      lessons: [
        {
          _id: 'l1',
          position: 0,
          title: 'Old lesson',
          duration: '1:00',
          durationSeconds: 60,
          preview: false,
          videoUrl: '/api/courses/c9/lessons/l1/video',
          videoRef: '/api/courses/videos/00000000-0000-4000-8000-000000000001',
          videoName: 'old.mp4',
        },
      ],
    });
    const api = mockApi({ 'GET /api/courses/c9': { body: course }, 'PATCH /api/courses/c9': { body: course } }, { user: member });
    const ui = renderApp('/courses/c9/edit');
    const title = await screen.findByLabelText(/^Title/);
    expect(title).toHaveValue(course.title);
    await ui.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Uploaded: old.mp4')).toBeInTheDocument();
    await ui.user.clear(within(lessonGroup(1)).getByLabelText(/^Lesson title/));
    await ui.user.type(within(lessonGroup(1)).getByLabelText(/^Lesson title/), 'Renamed');
    await ui.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.to('PATCH /api/courses/c9')).toHaveLength(1));
    expect(api.to('PATCH /api/courses/c9')[0]?.body).toMatchObject({
      lessons: [{ _id: 'l1', title: 'Renamed', videoUrl: '/api/courses/videos/00000000-0000-4000-8000-000000000001', duration: '1:00' }],
    });
  });

  it('tells someone else that the course is not theirs to edit', async () => {
    mockApi({ 'GET /api/courses/c9': { body: buildCourseDetail({ _id: 'c9' }) } }, { user: member });
    renderApp('/courses/c9/edit');
    expect(await screen.findByText('You are not authorized to change this course.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Title/)).not.toBeInTheDocument();
  });
});
