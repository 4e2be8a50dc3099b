package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MatchingTest {

    private final Fixture fixture = new Fixture()
            .records(
                    "{'objectID':'1','title':'iPhone case'}",
                    "{'objectID':'2','title':'Samsung smartphone'}",
                    "{'objectID':'3','title':'Crème brûlée recipe'}",
                    "{'objectID':'4','title':'phone'}",
                    "{'objectID':'5','title':'elephant','nested':{'deep':['needle','hay']}}",
                    "{'objectID':'6','title':'accommodation','count':1234}");

    @Test
    void matchesCaseAndAccentInsensitively() {
        assertThat(fixture.ids("{'query':'CREME BRULEE'}")).containsExactly("3");
        assertThat(fixture.ids("{'query':'brûlée'}")).containsExactly("3");
    }

    @Test
    void prefixAppliesToTheLastWordOnlyByDefault() {
        assertThat(fixture.ids("{'query':'smart'}")).containsExactly("2");
        assertThat(fixture.ids("{'query':'smart '}")).isEmpty();
        assertThat(fixture.ids("{'query':'sams smartphone'}")).isEmpty();
        assertThat(fixture.ids("{'query':'sams smartphone','queryType':'prefixAll'}"))
                .containsExactly("2");
        assertThat(fixture.ids("{'query':'smart','queryType':'prefixNone'}")).isEmpty();
    }

    @Test
    void oneTypoFromFourLettersTwoFromEight() {
        assertThat(fixture.ids("{'query':'phon '}")).containsExactly("4");
        assertThat(fixture.ids("{'query':'pho '}")).isEmpty();
        assertThat(fixture.ids("{'query':'phnoe'}")).containsExactly("4");
        assertThat(fixture.ids("{'query':'phxxe'}")).isEmpty();
        assertThat(fixture.ids("{'query':'acomodation'}")).containsExactly("6");
        assertThat(fixture.ids("{'query':'acomodatoin '}")).isEmpty();
        assertThat(fixture.ids("{'query':'acomodation','minWordSizefor2Typos':12}"))
                .isEmpty();
        assertThat(fixture.ids("{'query':'phnoe','minWordSizefor1Typo':6}")).isEmpty();
    }

    @Test
    void typoToleranceModes() {
        assertThat(fixture.ids("{'query':'phnoe','typoTolerance':false}")).isEmpty();
        assertThat(fixture.ids("{'query':'phnoe','typoTolerance':'false'}")).isEmpty();
        Fixture typos = new Fixture()
                .records(
                        "{'objectID':'a','t':'house'}",
                        "{'objectID':'b','t':'horse'}",
                        "{'objectID':'c','t':'hours'}",
                        "{'objectID':'d','t':'hoarse'}");
        assertThat(typos.ids("{'query':'house '}")).containsExactly("a", "b");
        assertThat(typos.ids("{'query':'house ','typoTolerance':'min'}")).containsExactly("a");
        assertThat(typos.ids("{'query':'horse ','typoTolerance':'min'}")).containsExactly("b");
        assertThat(typos.ids("{'query':'hoarse ','typoTolerance':'strict'}")).containsExactly("d", "b");
        assertThat(typos.ids("{'query':'hxuse ','typoTolerance':'min'}")).containsExactly("a");
    }

    @Test
    void typoExceptionsByWordAttributeAndNumber() {
        Fixture f = new Fixture().records("{'objectID':'1','title':'phone','code':'phone','n':'12345'}");
        assertThat(f.ids("{'query':'phnoe','disableTypoToleranceOnWords':['phnoe']}"))
                .isEmpty();
        assertThat(f.ids("{'query':'phnoe','disableTypoToleranceOnAttributes':['title']}"))
                .containsExactly("1");
        assertThat(f.ids("{'query':'phnoe','disableTypoToleranceOnAttributes':['title','code','n']}"))
                .isEmpty();
        assertThat(f.ids("{'query':'12346 '}")).containsExactly("1");
        assertThat(f.ids("{'query':'12346 ','allowTyposOnNumericTokens':false}"))
                .isEmpty();
    }

    @Test
    void advancedSyntaxPhrasesAndExclusions() {
        Fixture f = new Fixture()
                .records(
                        "{'objectID':'1','t':'red running shoes'}",
                        "{'objectID':'2','t':'running red shoes'}",
                        "{'objectID':'3','t':'red shoes with laces'}");
        assertThat(f.ids("{'query':'\\\"red running\\\"','advancedSyntax':true}"))
                .containsExactly("1");
        assertThat(f.ids("{'query':'\\\"red running\\\"'}")).containsExactly("1", "2");
        assertThat(f.ids("{'query':'shoes -laces','advancedSyntax':true}")).containsExactly("1", "2");
        assertThat(f.ids("{'query':'-running','advancedSyntax':true}")).containsExactly("3");
        assertThat(f.ids("{'query':'shoes -laces','advancedSyntax':true,'advancedSyntaxFeatures':['exactPhrase']}"))
                .containsExactly("3");
    }

    @Test
    void typosCountOnPrefixMatchesToo() {
        assertThat(fixture.ids("{'query':'smrat'}")).containsExactly("2");
    }

    @Test
    void searchesNestedValuesArraysAndNumbers() {
        assertThat(fixture.ids("{'query':'needle'}")).containsExactly("5");
        assertThat(fixture.ids("{'query':'1234'}")).containsExactly("6");
    }

    @Test
    void searchableAttributesLimitWhereWordsMatch() {
        fixture.settings("{'searchableAttributes':['nested.deep']}");
        assertThat(fixture.ids("{'query':'needle'}")).containsExactly("5");
        assertThat(fixture.ids("{'query':'elephant'}")).isEmpty();
        fixture.settings("{'searchableAttributes':['title','nested']}");
        assertThat(fixture.ids("{'query':'hay'}")).containsExactly("5");
        assertThat(fixture.ids("{'query':'hay','restrictSearchableAttributes':['title']}"))
                .isEmpty();
    }

    @Test
    void objectIDIsSearchableOnlyWhenListed() {
        Fixture f = new Fixture().records("{'objectID':'sku-12345','title':'lamp'}");
        assertThat(f.ids("{'query':'12345'}")).isEmpty();
        f.settings("{'searchableAttributes':['title','objectID']}");
        assertThat(f.ids("{'query':'sku 12345'}")).containsExactly("sku-12345");
        assertThat(f.ids("{'query':'sku 123'}")).containsExactly("sku-12345");
        assertThat(f.ids("{'query':'sku 12354 '}")).isEmpty();
    }

    @Test
    void ignorePluralsMatchesRegularEnglishForms() {
        Fixture f = new Fixture()
                .records(
                        "{'objectID':'1','t':'red shoes'}",
                        "{'objectID':'2','t':'one box'}",
                        "{'objectID':'3','t':'big cities'}");
        // Typos off, so that only the plural rules can match.
        assertThat(f.ids("{'query':'shoe ','typoTolerance':false}")).isEmpty();
        assertThat(f.ids("{'query':'shoe ','typoTolerance':false,'ignorePlurals':true}"))
                .containsExactly("1");
        assertThat(f.ids("{'query':'boxes ','typoTolerance':false,'ignorePlurals':['en']}"))
                .containsExactly("2");
        assertThat(f.ids("{'query':'city ','typoTolerance':false,'ignorePlurals':'true'}"))
                .containsExactly("3");
        assertThat(f.ids("{'query':'city ','typoTolerance':false,'ignorePlurals':['fr']}"))
                .isEmpty();
    }

    @Test
    void synonymsExpandQueryWords() {
        Fixture synonyms = new Fixture()
                .records(
                        "{'objectID':'1','t':'cellphone deals'}",
                        "{'objectID':'2','t':'mobile deals'}",
                        "{'objectID':'3','t':'new york hotel'}",
                        "{'objectID':'4','t':'NY hotel'}",
                        "{'objectID':'5','t':'tablet'}")
                .synonym("{'objectID':'s1','type':'synonym','synonyms':['cellphone','mobile','phone']}")
                .synonym("{'objectID':'s2','type':'synonym','synonyms':['NY','new york']}")
                .synonym("{'objectID':'s3','type':'oneWaySynonym','input':'ipad','synonyms':['tablet']}");
        assertThat(synonyms.ids("{'query':'phone '}")).containsExactly("1", "2");
        assertThat(synonyms.ids("{'query':'mobile '}")).containsExactly("1", "2");
        assertThat(synonyms.ids("{'query':'ny hotel'}")).containsExactlyInAnyOrder("3", "4");
        assertThat(synonyms.ids("{'query':'new york hotel'}")).containsExactlyInAnyOrder("3", "4");
        assertThat(synonyms.ids("{'query':'ipad '}")).containsExactly("5");
        assertThat(synonyms.ids("{'query':'tablet '}")).containsExactly("5");
        assertThat(synonyms.ids("{'query':'phone ','synonyms':false}")).isEmpty();
    }
}
