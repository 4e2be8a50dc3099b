/** The answers API's request ({@link io.quarry.answers.model.AnswersQuery}) and response, hits in the caller's type. */
package io.quarry.answers.model;
