package io.quarry.benchmarks.data;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A record declared the way most existing codebases declare one: a mutable class with private
 * {@code @JsonProperty} fields, getters and setters, null members left out. Eleven members, its objectID among
 * them; about 0.4 KB of JSON each (see {@link Articles}). {@link ArticleRecord} is the same record as a Java
 * {@code record}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class Article {

    @JsonProperty("objectID")
    private String objectID;

    @JsonProperty("title")
    private String title;

    @JsonProperty("description")
    private String description;

    @JsonProperty("brand")
    private String brand;

    @JsonProperty("category")
    private String category;

    @JsonProperty("tags")
    private List<String> tags;

    @JsonProperty("price")
    private Double price;

    @JsonProperty("rating")
    private Double rating;

    @JsonProperty("stock")
    private Integer stock;

    @JsonProperty("popularity")
    private Long popularity;

    @JsonProperty("available")
    private Boolean available;

    /** An empty article, for Jackson. */
    public Article() {}

    /** {@return the record's ID} */
    public String getObjectID() {
        return objectID;
    }

    /** @param objectID the record's ID */
    public void setObjectID(String objectID) {
        this.objectID = objectID;
    }

    /** {@return a short title} */
    public String getTitle() {
        return title;
    }

    /** @param title a short title */
    public void setTitle(String title) {
        this.title = title;
    }

    /** {@return a paragraph} */
    public String getDescription() {
        return description;
    }

    /** @param description a paragraph */
    public void setDescription(String description) {
        this.description = description;
    }

    /** {@return the brand} */
    public String getBrand() {
        return brand;
    }

    /** @param brand the brand */
    public void setBrand(String brand) {
        this.brand = brand;
    }

    /** {@return the category} */
    public String getCategory() {
        return category;
    }

    /** @param category the category */
    public void setCategory(String category) {
        this.category = category;
    }

    /** {@return three tags} */
    public List<String> getTags() {
        return tags;
    }

    /** @param tags three tags */
    public void setTags(List<String> tags) {
        this.tags = tags;
    }

    /** {@return the price} */
    public Double getPrice() {
        return price;
    }

    /** @param price the price */
    public void setPrice(Double price) {
        this.price = price;
    }

    /** {@return 0 to 5} */
    public Double getRating() {
        return rating;
    }

    /** @param rating 0 to 5 */
    public void setRating(Double rating) {
        this.rating = rating;
    }

    /** {@return units in stock} */
    public Integer getStock() {
        return stock;
    }

    /** @param stock units in stock */
    public void setStock(Integer stock) {
        this.stock = stock;
    }

    /** {@return a popularity score} */
    public Long getPopularity() {
        return popularity;
    }

    /** @param popularity a popularity score */
    public void setPopularity(Long popularity) {
        this.popularity = popularity;
    }

    /** {@return whether it can be bought now} */
    public Boolean getAvailable() {
        return available;
    }

    /** @param available whether it can be bought now */
    public void setAvailable(Boolean available) {
        this.available = available;
    }
}
