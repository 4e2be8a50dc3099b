package io.quarry.benchmarks.data;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * {@link Product} declared the way most existing codebases declare a record class: private {@code @JsonProperty}
 * fields, getters and setters, null members left out. Decoded from the same canned answers, so a benchmark can
 * compare hits bound through setters with hits bound through a record's constructor.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class ProductBean {

    @JsonProperty("objectID")
    private String objectID;

    @JsonProperty("name")
    private String name;

    @JsonProperty("description")
    private String description;

    @JsonProperty("brand")
    private String brand;

    @JsonProperty("categories")
    private List<String> categories;

    @JsonProperty("price")
    private Double price;

    @JsonProperty("rating")
    private Integer rating;

    @JsonProperty("reviews")
    private Integer reviews;

    @JsonProperty("inStock")
    private Boolean inStock;

    /** An empty product, for Jackson. */
    public ProductBean() {}

    /** {@return the record's ID} */
    public String getObjectID() {
        return objectID;
    }

    /** @param objectID the record's ID */
    public void setObjectID(String objectID) {
        this.objectID = objectID;
    }

    /** {@return a short title} */
    public String getName() {
        return name;
    }

    /** @param name a short title */
    public void setName(String name) {
        this.name = name;
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

    /** {@return two or three categories} */
    public List<String> getCategories() {
        return categories;
    }

    /** @param categories two or three categories */
    public void setCategories(List<String> categories) {
        this.categories = categories;
    }

    /** {@return the price} */
    public Double getPrice() {
        return price;
    }

    /** @param price the price */
    public void setPrice(Double price) {
        this.price = price;
    }

    /** {@return 1 to 5} */
    public Integer getRating() {
        return rating;
    }

    /** @param rating 1 to 5 */
    public void setRating(Integer rating) {
        this.rating = rating;
    }

    /** {@return the number of reviews} */
    public Integer getReviews() {
        return reviews;
    }

    /** @param reviews the number of reviews */
    public void setReviews(Integer reviews) {
        this.reviews = reviews;
    }

    /** {@return whether it can be bought now} */
    public Boolean getInStock() {
        return inStock;
    }

    /** @param inStock whether it can be bought now */
    public void setInStock(Boolean inStock) {
        this.inStock = inStock;
    }
}
