package io.quarry.search.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import org.junit.jupiter.api.Test;

/** The page of user mappings to list: the service's first page by default, a page that cannot exist refused. */
class ListUserIdsQueryTest {

    @Test
    void theDefaultIsTheFirstPageOfAThousand() {
        assertThat(ListUserIdsQuery.of()).isEqualTo(new ListUserIdsQuery(0, 1000));
        assertThat(ListUserIdsQuery.of().page(3).hitsPerPage(50)).isEqualTo(new ListUserIdsQuery(3, 50));
    }

    @Test
    void aNegativePageOrAnEmptyPageIsRefusedNamingTheMember() {
        assertThatThrownBy(() -> ListUserIdsQuery.of().page(-1))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("page");
        assertThatThrownBy(() -> ListUserIdsQuery.of().hitsPerPage(0))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("hitsPerPage");
    }
}
