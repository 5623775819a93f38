"""The Abu Dhabi tools as registry records: the one source of each tool's name, category, description,
when-to-use lines and English/Arabic examples. The MCP server, the model's tool schemas and the Tool-RAG index are
all generated from these records (and the parameter schema from each function's typed signature).
"""

from __future__ import annotations

from agents.market import tools as t
from agents.tools import Tool, register_tool

CATEGORY = "market"

MARKET_TOOLS = (
    Tool("search_geospatial_metadata", t.search_geospatial_metadata,
         "Finds the exact district, community, project or municipality names (English or Arabic) that the other "
         "market tools need.", "geo",
         ("user names a place: island, district, community, project, area, neighbourhood",
          "check the spelling of a place before asking for its figures",
          "where is / which district is this project in / what is the Arabic name"),
         ("Where is Reem Hills?", "Which district is Noya in?", "ما اسم المنطقة الصحيحة لجزيرة ياس؟",
          "أين يقع مشروع ريم هيلز؟"), critical=True),
    Tool("get_districts", t.get_districts,
         "Lists the districts in the tables with their Arabic names and number of communities.", "geo",
         ("user asks which districts / areas / islands are covered", "list all districts of a municipality"),
         ("Which districts do you have data for?", "List the districts in Abu Dhabi",
          "ما هي المناطق المتوفرة؟", "اعرض قائمة الأحياء في أبوظبي")),
    Tool("get_communities", t.get_communities,
         "Lists the communities (planning sectors such as RR1 or YS3_04) of one district.", "geo",
         ("user asks for communities, sectors, neighbourhoods or sub-areas inside a district",
          "list the communities of an island, how many communities a district has"),
         ("What communities are in Yas Island?", "List the sectors of Reem", "ما هي المجتمعات في جزيرة الريم؟",
          "اعرض أحياء جزيرة ياس", "كم عدد المناطق الفرعية في الريم؟")),
    Tool("get_total_sales_value", t.get_total_sales_value,
         "Total value in AED of real-estate transactions (and of sales alone) in a district and year, optionally "
         "by property type and bedrooms.", "sales",
         ("user asks for the total value, worth, volume in money, AED amount of sales or deals",
          "how much was sold / traded / spent on property in a district and year"),
         ("What was the total sales value on Yas Island in 2023?", "How much were villa sales worth in Reem in 2024?",
          "كم بلغت قيمة المبيعات في جزيرة ياس عام 2023؟", "ما إجمالي قيمة الصفقات العقارية في الريم 2022 بالدرهم؟")),
    Tool("get_transaction_count", t.get_transaction_count,
         "Number of real-estate transactions (all types, and sales alone, split by type: sales, mortgages, gifts) in "
         "a district and year, optionally by property type and bedrooms.", "sales",
         ("user asks how many transactions, deals, sales, units sold or registered in a district and year",
          "count of transactions / number of deals", "mortgages, gifts"),
         ("How many transactions were there in Yas Island in 2023?", "Number of apartment sales on Reem in 2024",
          "كم عدد المعاملات في جزيرة ياس في 2023؟", "كم صفقة بيع تمت في الريم سنة 2021؟")),
    Tool("compare_sales_between_districts", t.compare_sales_between_districts,
         "Compares two districts' transaction value and count in one year: which is higher and by how much.",
         "sales",
         ("user compares two districts / islands: X vs Y, X versus Y, X or Y, difference between, which is higher",
          "compare sales or transactions between districts"),
         ("Compare sales on Yas vs Reem in 2024", "Which had more transactions in 2022, Yas Island or Al Reem?",
          "قارن المبيعات بين جزيرة ياس وجزيرة الريم في 2023", "أيهما أعلى في قيمة الصفقات ياس أم الريم؟")),
    Tool("get_municipality_sales", t.get_municipality_sales,
         "Transaction value and count of a whole municipality (e.g. Abu Dhabi City) in a year.", "sales",
         ("user asks about sales of the whole city / emirate / municipality, not one district",
          "how much did the city or municipality sell; Abu Dhabi total market in a year"),
         ("What were total property sales in Abu Dhabi City in 2023?", "Abu Dhabi market transactions in 2024",
          "كم قيمة المبيعات العقارية في مدينة أبوظبي 2023؟", "إجمالي صفقات بلدية أبوظبي في 2022")),
    Tool("get_top_districts_in_municipality", t.get_top_districts_in_municipality,
         "Ranks the districts of a municipality by transaction value (or count) in a year.", "sales",
         ("user asks for the top, best, busiest, most active, highest, leading districts or a ranking",
          "which district sells the most"),
         ("Top districts in Abu Dhabi by sales in 2023", "Which area had the most transactions in 2024?",
          "ما هي أعلى المناطق مبيعاً في أبوظبي 2023؟", "رتب المناطق حسب قيمة الصفقات")),
    Tool("find_units_by_budget", t.find_units_by_budget,
         "Finds projects whose average yearly rent fits a budget in AED, by bedrooms, cheapest first.", "rent",
         ("user has a budget (AED per year or month) and wants to rent: what can I afford, where can I live",
          "affordable / cheap / within budget / under a price rentals by bedrooms"),
         ("Where can I rent a 2-bedroom for under AED 120,000 a year?", "Cheapest 1 bed projects under 80k",
          "أين أجد شقة غرفتين بميزانية 100 ألف درهم سنوياً؟", "ميزانيتي 70000 درهم لاستوديو، ما المشاريع المناسبة؟")),
    Tool("get_current_supply", t.get_current_supply,
         "Housing supply (number of units) of a district in a year, by bedrooms; future years are projections.",
         "supply",
         ("user asks about supply, stock, inventory, number of units or homes, new units, completions, pipeline",
          "future or projected supply in 2026, 2027, 2028"),
         ("What is the housing supply on Yas Island?", "How many units will Reem have in 2027?",
          "كم عدد الوحدات السكنية المعروضة في جزيرة ياس؟", "ما هو المعروض العقاري المتوقع في الريم 2028؟")),
    Tool("compare_rental_prices", t.compare_rental_prices,
         "Average, lower and upper yearly rents (rental index) of districts, communities or projects, compared, "
         "by property type and bedrooms.", "rent",
         ("user asks about rent levels, rental prices, average rent, how much rent costs, rent comparison",
          "compare rents between districts, communities or projects"),
         ("What is the average rent for a 2 bed on Yas vs Reem?", "Compare rents of Noya and Yas Acres in 2024",
          "كم متوسط الإيجار لشقة غرفة في جزيرة الريم؟", "قارن أسعار الإيجار بين ياس والريم")),
    Tool("get_sale_price_per_sqm", t.get_sale_price_per_sqm,
         "Sale price per square metre (AED/sqm) of a district or a project, by property type, with its range.",
         "sales",
         ("user asks about price per square metre / sqm / sq m, the sale rate, how much a metre costs to buy",
          "buying price level of apartments, villas or plots in a district or project"),
         ("What is the price per sqm for apartments on Yas Island in 2024?", "AED per square metre for villas on Reem",
          "كم سعر المتر المربع للشقق في جزيرة ياس؟", "ما سعر البيع للمتر في الريم 2025؟")),
    Tool("get_project_status", t.get_project_status,
         "Whether a project is ready: its status (completed, under construction, new), completion percentage, "
         "expected completion date and developer.", "supply",
         ("user asks if a project or building is ready, completed, finished, handed over, off-plan or under "
          "construction, when it will be completed, who the developer is",),
         ("Is RIVAGE ready or off-plan?", "When will Yas Golf Collection be completed?",
          "هل مشروع ريفاج جاهز؟", "متى يكتمل المشروع؟")),
    Tool("rank_projects", t.rank_projects,
         "Ranks the projects (buildings, developments) of a district or of both by one measure in a year: "
         "transactions, sales value, rent revenue, average rent, price per sqm or supply.", "sales",
         ("user asks which project / building / development is the top, busiest, best-selling, most expensive, "
          "cheapest, largest or has the most rent revenue or units",
          "a ranking or top N of projects rather than districts"),
         ("Which projects on Reem had the most transactions in 2024?", "Top 5 projects by rent revenue on Yas",
          "cheapest project for a 2 bed", "أي مشروع في الريم حقق أعلى إيرادات إيجار؟",
          "رتب المشاريع والأبراج حسب عدد الصفقات")),
)


def register() -> None:
    """Add the market tools to the product's one tool registry."""
    for record in MARKET_TOOLS:
        register_tool(record)


register()
