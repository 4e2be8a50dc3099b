package io.quarry.mockserver.internal.products.answers;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.products.Product;
import io.quarry.mockserver.internal.products.ProductRoutes;
import io.quarry.mockserver.internal.products.ServiceContext;
import java.util.Set;

/**
 * The answers product: one route, reading the application's indices through the search engine. It needs the
 * {@code nluReadAnswers} right (a refusal is a 401) and holds no state of its own.
 */
public final class AnswersProduct implements Product {

    private final ServiceContext context;

    /**
     * The answers API over the shared application state and engine.
     *
     * @param context what products share
     */
    public AnswersProduct(ServiceContext context) {
        this.context = context;
    }

    @Override
    public String name() {
        return "answers";
    }

    @Override
    public void register(ProductRoutes routes) {
        AnswersRoutes answers = new AnswersRoutes(context.app(), context.engine());
        routes.add(new Route(
                "POST",
                "/1/answers/{indexName}/prediction",
                Access.ANSWERS,
                Set.of(),
                Operation.PREDICT_ANSWERS,
                Work.READ,
                answers.handler(AnswersRoutes.PREDICTION)));
    }
}
