/** The answers API's request ({@link io.quarry.answers.model.AnswersQuery}) and response, hits in the caller's type. */
@SdkTypes
package io.quarry.answers.model;

import io.quarry.core.spi.SdkTypes;
