import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { courseCreateSchema, courseVideoUrl, formatDuration, lessonProgressInput, SANDBOX_CARDS, type CourseCategory, type CourseCreateInput } from '@cusp/shared';
import type { AppContext } from '../context.js';
import { confirmPaidEnrolment, COURSE_VIDEO_PREFIX, createCourse, saveProgress } from '../modules/courses/index.js';
import { createIntent, sandboxPay } from '../modules/payments/index.js';
import { serverRoot } from '../paths.js';
import { lessons, userColumns, users } from '../db/schema/index.js';
import { storeCover } from './covers.js';
import { insertDemoCourseVideo, setDemoCourseCreatedAt } from './direct-writes.js';

/**
 * The demo lesson videos: three 6-second, 320x180 H.264 clips (about 5 KB each) made once with ffmpeg
 * and committed. They are read from the source tree, which `npm start` builds in place, so the bundled
 * server (dist/) finds them too; nothing is downloaded.
 */
export const DEMO_VIDEO_DIR = path.join(serverRoot, 'src/seed/assets/courses');
const CLIPS = ['lesson-1.mp4', 'lesson-2.mp4', 'lesson-3.mp4'];
const CLIP_SECONDS = 6;

interface DemoCourse {
  creator: string;
  title: string;
  description: string;
  category: CourseCategory;
  /** Major units; 0 is free. */
  price: number;
  /** The palette of the generated thumbnail (a service tag). */
  cover: string;
  lessons: Array<{ title: string; preview?: boolean }>;
  /** The demo buyer paid for it with the sandbox card. */
  boughtByBuyer?: boolean;
}

const COURSES: DemoCourse[] = [
  {
    creator: 'demo_designer',
    title: 'Custom abutments for implant crowns',
    description:
      'Design a screw-retained crown on a custom abutment in exocad: from the scan body match to an emergence profile that respects the soft tissue, and the export for milling.',
    category: 'Implant Prosthetics',
    price: 49,
    cover: 'Implant',
    lessons: [{ title: 'Matching the scan body', preview: true }, { title: 'Shaping the emergence profile' }, { title: 'Exporting for milling' }],
    boughtByBuyer: true,
  },
  {
    creator: 'lina_haddad',
    title: 'Your first crown in exocad',
    description: 'A free start for dentists and technicians new to CAD: import the scans, set the margin line and the insertion axis, and propose a first anatomic crown.',
    category: 'CAD Software',
    price: 0,
    cover: 'Crown',
    lessons: [{ title: 'Importing the scans' }, { title: 'Margin line and insertion axis' }],
  },
  {
    creator: 'sara_ortho',
    title: 'Clear aligner staging for beginners',
    description: 'Segment the teeth, plan tooth movements within safe limits per stage, and place attachments where they help. With the checks to run before sending a setup.',
    category: 'Orthodontics & Aligners',
    price: 29.99,
    cover: 'Orthodontics',
    lessons: [{ title: 'Segmenting the arches', preview: true }, { title: 'Staging the movements' }],
  },
  {
    creator: 'nadia_dentures',
    title: 'Digital complete dentures, step by step',
    description: 'From the edentulous scans and the bite registration to the tooth set-up and a printable base, with the common fitting problems and how to avoid them.',
    category: 'Dentures',
    price: 35,
    cover: 'Dentures',
    lessons: [{ title: 'Scans and bite registration', preview: true }, { title: 'Tooth set-up' }, { title: 'A printable base' }],
  },
];

/**
 * Demo courses, so that the course pages have something to show: four courses by demo designers, one free, with short generated lesson videos;
 * the demo buyer has paid for one (a real sandbox payment, verified like any other) and watched part of it.
 * Published with `createCourse` and watched with `saveProgress`, as the pages do; the videos' records and the
 * publication dates are written directly (seed/direct-writes.ts says why).
 * Runs only when the demo accounts were just created.
 */
export async function seedDemoCourses(ctx: AppContext, buyerId: string) {
  const names = [...new Set(COURSES.map((c) => c.creator))];
  const creators = new Map((await ctx.db.select(userColumns).from(users).where(inArray(users.username, names))).map((u) => [u.username, u]));
  const now = Date.now();
  let clip = 0;
  for (const [n, demo] of COURSES.entries()) {
    const creator = creators.get(demo.creator);
    if (!creator) continue;
    const lessonInput: CourseCreateInput['lessons'] = [];
    for (const lesson of demo.lessons) {
      const file = CLIPS[clip++ % CLIPS.length]!;
      const key = `${COURSE_VIDEO_PREFIX}/${randomUUID()}.mp4`;
      const { size } = await ctx.storage.put(key, createReadStream(path.join(DEMO_VIDEO_DIR, file)));
      const videoId = await insertDemoCourseVideo(ctx, { uploaderId: creator.id, storageKey: key, size, originalName: file });
      lessonInput.push({ title: lesson.title, videoUrl: courseVideoUrl(videoId), duration: formatDuration(CLIP_SECONDS), preview: lesson.preview ?? false });
    }
    const input: CourseCreateInput = {
      title: demo.title,
      description: demo.description,
      tags: [demo.category],
      price: demo.price,
      thumbnail: await storeCover(ctx.storage, `demo/course-${n}.webp`, demo.cover, n + 3),
      lessons: lessonInput,
    };
    const course = await createCourse(ctx, creator, courseCreateSchema.parse(input));
    // Older first, so the list shows them newest-first in this order.
    await setDemoCourseCreatedAt(ctx, course._id, new Date(now - (COURSES.length - n) * 86_400_000));
    if (demo.boughtByBuyer) await buyAndWatch(ctx, buyerId, course._id);
  }
}

/** The demo buyer pays with the sandbox card, enrols through the same verification as the page, and watches lesson 1. */
async function buyAndWatch(ctx: AppContext, buyerId: string, courseId: string) {
  const [buyer] = await ctx.db.select(userColumns).from(users).where(eq(users.id, buyerId));
  if (!buyer) return;
  try {
    const intent = await createIntent(ctx, buyer, { type: 'course', id: courseId });
    const expiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
    await sandboxPay(ctx, buyer, intent._id, { cardNumber: SANDBOX_CARDS.paid, expiry, cvc: '123', name: 'Demo Buyer' });
    await confirmPaidEnrolment(ctx, { transactionId: intent._id, userId: buyerId, courseId });
  } catch {
    return; // a real payment provider is configured: the demo buyer simply has no course
  }
  const [first] = await ctx.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId)).orderBy(lessons.position).limit(1);
  if (first) await saveProgress(ctx, buyer, courseId, first.id, lessonProgressInput.parse({ position: CLIP_SECONDS, completed: true }));
}
