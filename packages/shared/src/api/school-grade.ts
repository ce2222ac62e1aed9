import { z } from 'zod';
import { id } from './common.js';

/** pc_school_grade: a school's grades and the courses taught in each. */
export const gradeCourse = z.object({ id: z.number(), courseCode: z.string(), courseName: z.string(), sort: z.number() });
export type GradeCourse = z.infer<typeof gradeCourse>;

export const schoolGrade = z.object({
  id: z.number(),
  name: z.string(),
  gradeDictId: z.number().nullable(),
  sort: z.number(),
  courses: z.array(gradeCourse),
});
export type SchoolGrade = z.infer<typeof schoolGrade>;

export const findCourseQuery = z.object({ gradeId: id });

/** Adds a grade (gradeDictId) and/or sets its courses (the whole list; codes from course_dict). */
export const saveGradeCourseBody = z.object({
  gradeId: id.optional(),
  gradeDictId: id.optional(),
  courseCodes: z.array(z.string().min(1)).max(50).optional(),
});
export type SaveGradeCourseBody = z.infer<typeof saveGradeCourseBody>;

export const deleteSingleCourseBody = z.object({ gradeId: id, courseCode: z.string().min(1) });

/** GET pc_school_grade/find_grade_dict: the platform's grade and course dictionaries. */
export const gradeDict = z.object({
  grades: z.array(z.object({ id: z.number(), name: z.string(), stage: z.string() })),
  courses: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type GradeDict = z.infer<typeof gradeDict>;
