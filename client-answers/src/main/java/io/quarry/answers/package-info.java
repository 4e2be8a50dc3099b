/**
 * The answers API client: ask a question of an index and get the records answering it, each with the passage
 * that answers best. Entry point: {@link io.quarry.answers.AnswersClient}.
 */
package io.quarry.answers;
