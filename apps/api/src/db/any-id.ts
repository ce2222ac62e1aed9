import { sql, type RawBuilder } from 'kysely';

/**
 * `column = any($1::int[])`: the ids bound as one array parameter. An IN list binds one parameter per id, and the
 * PostgreSQL protocol counts a statement's parameters in 16 bits: past 65,535 ids (the papers of a large subject)
 * the count wraps and the statement fails. Use it wherever a list grows with students or papers.
 */
export const anyId = (column: string, ids: readonly number[]): RawBuilder<boolean> => sql<boolean>`${sql.ref(column)} = any(${[...ids]}::int[])`;
