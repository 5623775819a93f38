"""The market card in the app (AppTest): an English and an Arabic market question, the chart and the tool calls."""




def test_a_comparison_gets_figures_a_bar_chart_and_its_tool_calls(app):
    app.chat_input[0].set_value("compare sales on Yas vs Reem in 2024").run()
    assert not app.exception
    text = "\n".join(m.value for m in app.markdown)
    assert "Yas Island" in text and "AED" in text and "TRANSACTIONS_DISTRICT" in text
    charts = app.get("vega_lite_chart")
    assert len(charts) == 1
    assert any("Tool calls (1)" in e.label for e in app.expander)
    assert any("compare_sales_between_districts" in m.value for m in app.markdown)


def test_an_arabic_question_is_answered_in_arabic(app):
    app.chat_input[0].set_value("كم عدد المعاملات في جزيرة ياس في 2023؟").run()
    assert not app.exception
    reply = next(m.value for m in app.markdown if "معاملة" in m.value)
    assert "4,036" in reply and reply.startswith('<div dir="rtl"')


def test_arabic_reply_text_is_escaped_inside_its_wrapper(app):
    app.chat_input[0].set_value("كم عدد المعاملات في جزيرة <b>السعديات</b>؟").run()
    reply = next(m.value for m in app.markdown if "السعديات" in m.value and "rtl" in m.value)
    assert "<b>" not in reply and "&lt;b&gt;" in reply and reply.startswith('<div dir="rtl"')
