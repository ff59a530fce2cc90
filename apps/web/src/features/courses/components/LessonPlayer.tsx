import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { coursesKeys, saveProgress, saveProgressOnExit } from '../api/courses';
import classes from './LessonList.module.css';
import type { CourseDetail, Lesson, LessonProgress } from '@/lib/domain';

/** How often the position is reported while a lesson plays. */
export const PROGRESS_EVERY_SECONDS = 10;
/** Watched this far (or to the end), a lesson counts as completed. */
export const COMPLETE_AT = 0.95;

/** Puts a saved report into the cached course, so the list, ticks and percent follow at once. */
export function applyProgress(course: CourseDetail, saved: LessonProgress): CourseDetail {
  return {
    ...course,
    progress: saved.progress,
    lastLessonId: saved.lessonId,
    lessons: course.lessons.map((l) => (l.id === saved.lessonId ? { ...l, completed: saved.completed, watchedSeconds: saved.position } : l)),
  };
}

export function useProgressSaver(courseId: string) {
  const queryClient = useQueryClient();
  return async (lessonId: string, position: number, completed: boolean) => {
    try {
      const saved = await saveProgress(courseId, lessonId, { position: Math.floor(position), completed });
      queryClient.setQueryData<CourseDetail>(coursesKeys.detail(courseId), (course) => (course ? applyProgress(course, saved) : course));
      void queryClient.invalidateQueries({ queryKey: coursesKeys.enrolled });
      return saved;
    } catch {
      return null; // the next report carries the position again
    }
  };
}

interface LessonPlayerProps {
  courseId: string;
  lesson: Lesson;
  onEnded: () => void;
  /** Returns the save function so the page can mark a lesson complete by hand. */
  save: (lessonId: string, position: number, completed: boolean) => Promise<unknown>;
}

/**
 * Plays one lesson from where the learner stopped, reporting the position every few seconds, on pause
 * and when the page goes away; reaching the end (or 95%) completes the lesson. Remount it per lesson.
 */
export function LessonPlayer({ courseId, lesson, onEnded, save }: LessonPlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const lastSaved = useRef({ position: lesson.watchedSeconds ?? 0, completed: lesson.completed ?? false, at: 0 });
  const resumeFrom = useRef(lesson.watchedSeconds ?? 0);
  /** Only a lesson the learner actually played reports on leaving (not one left before it even loaded). */
  const played = useRef(false);

  const report = (completed = false) => {
    const element = video.current;
    if (!element) return;
    const position = element.currentTime;
    const duration = Number.isFinite(element.duration) ? element.duration : 0;
    const done = completed || (duration > 0 && position >= duration * COMPLETE_AT);
    const last = lastSaved.current;
    if (Math.floor(position) === Math.floor(last.position) && (!done || last.completed)) return;
    lastSaved.current = { position, completed: last.completed || done, at: Date.now() };
    void save(lesson.id, position, done);
  };

  // The last position when the learner leaves the lesson or the page.
  useEffect(() => {
    const element = video.current;
    const onExit = () => {
      if (!element || !played.current) return;
      const position = Math.floor(element.currentTime);
      if (position !== Math.floor(lastSaved.current.position)) {
        lastSaved.current = { ...lastSaved.current, position };
        saveProgressOnExit(courseId, lesson.id, { position, completed: false });
      }
    };
    window.addEventListener('pagehide', onExit);
    return () => {
      window.removeEventListener('pagehide', onExit);
      onExit();
    };
  }, [courseId, lesson.id]);

  return (
    <video
      ref={video}
      key={lesson.id}
      className={classes.video}
      src={lesson.videoUrl ?? undefined}
      controls
      playsInline
      preload="metadata"
      controlsList="nodownload"
      aria-label={lesson.title}
      data-testid="lesson-video"
      onLoadedMetadata={(event) => {
        const element = event.currentTarget;
        const from = resumeFrom.current;
        // Resume where the learner stopped, unless that was the very end.
        if (from > 0 && Number.isFinite(element.duration) && from < element.duration - 1) element.currentTime = from;
      }}
      onPlay={() => {
        played.current = true;
      }}
      onTimeUpdate={() => {
        if (Date.now() - lastSaved.current.at >= PROGRESS_EVERY_SECONDS * 1000) report();
      }}
      onPause={() => report()}
      onEnded={() => {
        report(true);
        onEnded();
      }}
    />
  );
}
