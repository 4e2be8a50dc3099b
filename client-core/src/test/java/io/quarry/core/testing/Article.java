package io.quarry.core.testing;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A record declared the way most codebases declare one: private annotated fields, getters and setters, null members
 * left out. Tests of how the SDK writes records compare it with {@link ArticleRecord}, the same members as a Java
 * record.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class Article {
    @JsonProperty("objectID")
    private String objectID;

    @JsonProperty("title")
    private String title;

    @JsonProperty("tags")
    private List<String> tags;

    @JsonProperty("price")
    private Double price;

    @JsonProperty("stock")
    private Integer stock;

    @JsonProperty("available")
    private Boolean available;

    /** An article with no member set. */
    public Article() {}

    /**
     * An article with three tags, a price and available; no stock.
     *
     * @param objectID its ID, or null for none
     * @param title    its title
     */
    public Article(String objectID, String title) {
        this.objectID = objectID;
        this.title = title;
        this.tags = List.of("a", "b", "c");
        this.price = 9.5;
        this.available = true;
    }

    /** @return the ID */
    public String getObjectID() {
        return objectID;
    }

    /** @param objectID the ID */
    public void setObjectID(String objectID) {
        this.objectID = objectID;
    }

    /** @return the title */
    public String getTitle() {
        return title;
    }

    /** @param title the title */
    public void setTitle(String title) {
        this.title = title;
    }

    /** @return the tags */
    public List<String> getTags() {
        return tags;
    }

    /** @return the price */
    public Double getPrice() {
        return price;
    }

    /** @return units in stock */
    public Integer getStock() {
        return stock;
    }

    /** @return whether it can be bought */
    public Boolean getAvailable() {
        return available;
    }
}
