# Blind evaluation set for issue 38 shapes. Labels written with each turn, in one pass.
import json, datetime, collections

WD = ["monday","tuesday","wednesday","thursday","friday","saturday","sunday"]
def wd_of(iso): return WD[datetime.date.fromisoformat(iso).weekday()]

def T(state, asked, said, intent, request=None, date=None, wd=None, time=None, name=None,
      phone=None, ext=None, cb=None, mf=None, q=None, offer=False, past=False, beyond=False, note=None):
    day = wd_of(date) if date else None
    if wd is not None:
        assert date and wd == day, (said, wd, date, day)
    if cb is not None:
        kind, a, b = cb
        cb = {kind: [a, b]}
    if mf is not None:
        mf = {"day": wd_of(mf["date"]) if mf.get("date") else None,
              "date": mf.get("date"), "time": mf.get("time")}
    return {"state": state, "asked": asked, "said": said, "intent": intent, "request": request,
            "day": day, "date": date, "time": time, "name": name, "phone": phone, "extension": ext,
            "choose_between": cb, "move_from": mf, "question": q, "takes_offer": offer,
            "past_year": past, "beyond_horizon": beyond, "note": note}

THEMES = collections.OrderedDict()
def group(theme, *turns):
    assert len(turns) == 4, turns
    THEMES.setdefault(theme, []).append(turns)

# ---- common agent lines
HELLO = "Thanks for calling Riverside Family Medicine. How can I help you today?"
DAYQ = "What day would you like to come in?"
DAYQ2 = "Which day works best for you?"
def slots(dayname, extra=""):
    return f"{extra}On {dayname} we have 9 am, 10 am, 11:30 am, 2:30 pm or 4 pm open. Which time suits you?"
AT_MON = slots("Monday, December 7")
AT_TUE = slots("Tuesday, December 8")
AT_WED = slots("Wednesday, December 9")
AT_THU = slots("Thursday, December 10")
AT_FRI = slots("Friday, December 11")
NAMEQ = "Can I have your name, please?"
NAMEQ2 = "And what name should the appointment be under?"
PHONEQ = "What number can we reach you on?"
def rb(name, when):
    return f"Let me read that back: an appointment for {name} on {when}. Shall I book it?"
CB_Q = ("Nobody's free to take your call right now. I can have staff call you back on the number "
        "ending 0123. Shall I do that?")

# =============== A: two dates / two times without choosing
group("two",
  T("LISTEN", None, "Hi, I'd like to book an appointment for the 10th or the 11th, at 10 am if possible.",
    "book", "book", time="10:00", cb=("dates", "2026-12-10", "2026-12-11")),
  T("ASK_DAY", DAYQ, "um the tenth or the eleventh either is fine", "inform",
    cb=("dates", "2026-12-10", "2026-12-11")),
  T("ASK_DAY", DAYQ, "Thursday or Friday next week", "inform",
    cb=("dates", "2026-12-10", "2026-12-11")),
  T("ASK_DAY", DAYQ, "The 10th. Not the 11th, the 10th.", "inform", date="2026-12-10",
    note="counter-example: one date picked, the other negated"),
)
group("two",
  T("ASK_TIME", AT_TUE, "10 or 11:30, whichever", "inform", cb=("times", "10:00", "11:30")),
  T("ASK_TIME", AT_TUE, "uh either two thirty or four i don't mind", "inform", cb=("times", "14:30", "16:00")),
  T("ASK_TIME", AT_TUE, "Could I do 10, or 11:30 if 10 is gone?", "inform", time="10:00", offer=True,
    note="10 is the pick, 11:30 only a fallback"),
  T("ASK_TIME", AT_TUE, "Between 2 and 4 would be best.", "inform",
    note="a range, not two times"),
)
group("two",
  T("LISTEN", None, "Do you have anything Monday or Tuesday morning?", "book", "book",
    cb=("dates", "2026-12-07", "2026-12-08")),
  T("ASK_DAY", DAYQ2, "Monday or Tuesday, doesn't really matter, you pick", "inform",
    cb=("dates", "2026-12-07", "2026-12-08"), note="caller delegates the pick; still two dates"),
  T("ASK_DAY", DAYQ2, "Monday. Or Tuesday. Actually Monday's better.", "inform", date="2026-12-07", wd="monday"),
  T("ASK_DAY", DAYQ2, "I can't do Monday or Tuesday, so Wednesday", "inform", date="2026-12-09", wd="wednesday",
    note="two days as obstacles, one requested"),
)
group("two",
  T("ASK_TIME", AT_FRI, "nine or ten", "inform", cb=("times", "09:00", "10:00")),
  T("ASK_TIME", AT_FRI, "Is 9 or 10 better for the doctor?", "inform", cb=("times", "09:00", "10:00"),
    note="asks the line to pick"),
  T("ASK_TIME", AT_FRI, "9, or... no, 10. Ten's better.", "inform", time="10:00", offer=True),
  T("ASK_TIME", AT_FRI, "Around 10 or so?", "inform", time="10:00", offer=True,
    note="'or so' is approximate, not a second time"),
)
group("two",
  T("LISTEN", None, "Hi there, I need to see Dr. Abara on the 14th or the 15th, in the afternoon", "book", "book",
    cb=("dates", "2026-12-14", "2026-12-15")),
  T("ASK_DAY", DAYQ, "December 14th or 15th", "inform", cb=("dates", "2026-12-14", "2026-12-15")),
  T("CONFIRM", rb("Nadia", "Monday, December 14 at 2:30 pm"),
    "Oh wait, I said the 14th or the 15th, I hadn't decided yet", "no",
    cb=("dates", "2026-12-14", "2026-12-15"), note="turns down a read-back that picked for her"),
  T("CONFIRM", rb("Nadia", "Monday, December 14 at 2:30 pm"), "the 14th is fine yeah", "yes", date="2026-12-14"),
)
group("two",
  T("ASK_TIME", AT_WED, "half past eleven or half past two", "inform", cb=("times", "11:30", "14:30")),
  T("ASK_TIME", AT_WED, "2:30 or 4 pm, I'll be coming from work", "inform", cb=("times", "14:30", "16:00")),
  T("ASK_TIME", AT_WED, "I'll take the 2:30, not the 4", "yes", time="14:30", offer=True),
  T("ASK_TIME", AT_WED, "four, or four thirty if you had it", "inform", cb=("times", "16:00", "16:30"),
    note="4:30 not offered; no clear pick"),
)
group("two",
  T("LISTEN", HELLO, "yeah hi um could i get in either the twenty first or the twenty second of december",
    "book", "book", cb=("dates", "2026-12-21", "2026-12-22")),
  T("ASK_DAY", DAYQ, "January 4th or 5th", "inform", cb=("dates", "2027-01-04", "2027-01-05")),
  T("ASK_DAY", DAYQ, "Tuesday the 8th or Wednesday the 9th, and mornings are better", "inform",
    cb=("dates", "2026-12-08", "2026-12-09")),
  T("ASK_DAY", DAYQ, "Tuesday the 9th", "inform", cb=("dates", "2026-12-08", "2026-12-09"),
    note="weekday and date disagree (the 9th is a Wednesday): ask which"),
)

# =============== B: years, past years, past the horizon (through 2027-03-04)
group("year",
  T("ASK_DAY", DAYQ, "March 3rd 2019", "inform", date="2019-03-03", past=True),
  T("ASK_DAY", DAYQ, "march third", "inform", date="2027-03-03"),
  T("ASK_DAY", DAYQ, "March 3rd, 2027", "inform", date="2027-03-03"),
  T("ASK_DAY", DAYQ, "March 10th", "inform", date="2027-03-10", beyond=True),
)
group("year",
  T("LISTEN", None, "I'd like to book something for January 5th 2028", "book", "book", date="2028-01-05", beyond=True),
  T("ASK_DAY", DAYQ, "January fifth", "inform", date="2027-01-05"),
  T("ASK_DAY", DAYQ, "the fifth of January twenty twenty seven", "inform", date="2027-01-05"),
  T("ASK_DAY", DAYQ, "January 5th, 2026", "inform", date="2026-01-05",
    note="current year but the date is already past; past_year is false"),
)
group("year",
  T("ASK_DAY", DAYQ2, "uh december tenth twenty twenty five", "inform", date="2025-12-10", past=True),
  T("CONFIRM", rb("Ana", "Thursday, December 10 at 9 am"), "yes, December 10th 2026", "yes", date="2026-12-10"),
  T("ASK_DAY", DAYQ2, "12/10/26", "inform", date="2026-12-10"),
  T("ASK_DAY", DAYQ2, "12/10", "inform", date="2026-12-10", note="US month/day"),
)
group("year",
  T("LISTEN", None, "Can I schedule a physical for April 2nd?", "book", "book", date="2027-04-02", beyond=True),
  T("ASK_DAY", DAYQ, "sometime in June", "inform", beyond=True, note="month only, no date"),
  T("ASK_DAY", DAYQ, "February 26th", "inform", date="2027-02-26"),
  T("ASK_DAY", DAYQ, "March 4th", "inform", date="2027-03-04", note="last day of the horizon"),
)
group("year",
  T("ASK_DAY", DAYQ, "The 5th of March", "inform", date="2027-03-05", beyond=True, note="one day past the horizon"),
  T("LISTEN", None, "Hi, I need to book my yearly checkup. Last year it was December 15th 2025, so this year December 15th would be great.",
    "book", "book", date="2026-12-15", note="the past-year date is context, not the request"),
  T("ASK_DAY", DAYQ, "um two thousand nineteen march third", "inform", date="2019-03-03", past=True),
  T("ASK_DAY", DAYQ, "2/27/27", "inform", date="2027-02-27"),
)

# =============== C: a weekday said on that weekday (today is Friday 2026-12-04)
group("sameday",
  T("ASK_DAY", DAYQ, "Friday", "inform", date="2026-12-11", wd="friday"),
  T("LISTEN", None, "Do you have anything Friday?", "book", "book", date="2026-12-11", wd="friday"),
  T("ASK_DAY", DAYQ, "today if possible", "inform", date="2026-12-04"),
  T("ASK_DAY", DAYQ, "not today, Friday next week", "inform", date="2026-12-11", wd="friday"),
)
group("sameday",
  T("ASK_DAY", DAYQ2, "this Friday", "inform", date="2026-12-11", wd="friday",
    note="'this Friday' said on a Friday: today or the 11th; weekday rule gives the 11th, worth asking"),
  T("ASK_DAY", DAYQ2, "next friday", "inform", date="2026-12-11", wd="friday"),
  T("ASK_DAY", DAYQ2, "a week from today", "inform", date="2026-12-11"),
  T("ASK_DAY", DAYQ2, "Friday the 18th", "inform", date="2026-12-18", wd="friday"),
)
group("sameday",
  T("LISTEN", HELLO, "It's Friday, so I guess I'll have to wait until Monday, can I book Monday", "book", "book",
    date="2026-12-07", wd="monday", note="'It's Friday' is framing"),
  T("ASK_DAY", DAYQ, "friday after next", "inform", date="2026-12-18", wd="friday"),
  T("ASK_DAY", DAYQ, "Friday, December 11th", "inform", date="2026-12-11", wd="friday"),
  T("CONFIRM", rb("Oscar", "Friday at 10 am"), "which Friday, today or next week?", "unknown",
    note="read-back without a date; caller asks which Friday"),
)

# =============== D: a day in a framing clause or as an obstacle
group("frame",
  T("ASK_DAY", DAYQ, "since it's Friday today, let's say Wednesday", "inform", date="2026-12-09", wd="wednesday"),
  T("ASK_DAY", DAYQ, "it's lovely out today, isn't it? Wednesday at 11", "inform", date="2026-12-09", wd="wednesday", time="11:00"),
  T("ASK_DAY", DAYQ, "Thursday's good, I work on Friday", "inform", date="2026-12-10", wd="thursday"),
  T("ASK_DAY", DAYQ, "Friday, not the weekend", "inform", date="2026-12-11", wd="friday"),
)
group("frame",
  T("ASK_DAY", DAYQ2, "I work Mondays and Tuesdays so Wednesday would be best", "inform", date="2026-12-09", wd="wednesday"),
  T("ASK_DAY", DAYQ2, "my daughter has swim on Tuesday so maybe Thursday?", "inform", date="2026-12-10", wd="thursday"),
  T("ASK_DAY", DAYQ2, "Tuesday's no good for me, I'm off Thursday though", "inform", date="2026-12-10", wd="thursday"),
  T("ASK_DAY", DAYQ2, "anything but Friday, my husband has the car on Fridays", "inform",
    note="only excludes Friday; no day requested"),
)
group("frame",
  T("LISTEN", None, "Hi, ever since last Wednesday my back has been killing me, can I get in Monday?", "book", "book",
    date="2026-12-07", wd="monday"),
  T("ASK_DAY", DAYQ, "I start a new job on Monday so before that, like tomorrow?", "inform", date="2026-12-05"),
  T("ASK_DAY", DAYQ, "I know you're closed on Saturday, so Monday then", "inform", date="2026-12-07", wd="monday"),
  T("ASK_DAY", DAYQ, "I called on Wednesday and nobody picked up! Anyway. Tuesday.", "inform", date="2026-12-08", wd="tuesday"),
)
group("frame",
  T("ASK_DAY", DAYQ, "Thursday I have chemo, so not then, Friday is better", "inform", date="2026-12-11", wd="friday"),
  T("ASK_DAY", DAYQ, "Monday through Wednesday I'm in Boston for work, so Thursday", "inform", date="2026-12-10", wd="thursday"),
  T("ASK_DAY", DAYQ, "I can't do Thursday. Or Friday. Monday?", "inform", date="2026-12-07", wd="monday"),
  T("ASK_DAY", DAYQ, "I'm free on Thursday", "inform", date="2026-12-10", wd="thursday",
    note="counter-example: 'free on' is the request"),
)
group("frame",
  T("LISTEN", None, "Happy Friday! Can I book a flu shot for Tuesday?", "book", "book", date="2026-12-08", wd="tuesday"),
  T("ASK_DAY", DAYQ2, "TGIF right? haha anyway next Wednesday at 2", "inform", date="2026-12-09", wd="wednesday", time="14:00"),
  T("ASK_DAY", DAYQ2, "The pharmacy told me Tuesday but I'd rather see the doctor on Thursday", "inform",
    date="2026-12-10", wd="thursday"),
  T("ASK_DAY", DAYQ2, "my son's birthday is the 12th so not that weekend, maybe the 15th?", "inform", date="2026-12-15"),
)
group("frame",
  T("ASK_TIME", AT_TUE, "I drop the kids at 9, so 10 would be perfect", "yes", time="10:00", offer=True,
    note="9 is an obstacle; accepts the offered 10"),
  T("ASK_TIME", AT_TUE, "I have a meeting at 2:30, so 11:30", "inform", time="11:30", offer=True),
  T("ASK_TIME", AT_TUE, "not 4, I pick up my son at 4. 2:30?", "inform", time="14:30", offer=True),
  T("ASK_DAY", DAYQ, "My last visit was on a Tuesday and that worked well, so Tuesday again", "inform",
    date="2026-12-08", wd="tuesday"),
)
group("frame",
  T("ASK_DAY", DAYQ, "Wednesday's my day off, so Wednesday", "inform", date="2026-12-09", wd="wednesday"),
  T("ASK_DAY", DAYQ, "Yesterday I was too sick to call, so is Monday okay?", "book", "book", date="2026-12-07", wd="monday"),
  T("CONFIRM", rb("Ravi", "Thursday, December 10 at 11:30 am"),
    "Thursday's fine, I'm off work Thursdays anyway. Yes.", "yes", date="2026-12-10", wd="thursday"),
  T("ASK_DAY", DAYQ, "I'm off Monday but I've got the dentist then, so Tuesday", "inform", date="2026-12-08", wd="tuesday"),
)

# =============== E: evenings, tonight, 7:00
FRI_TODAY = "On Friday, December 4 we have 2:30 pm or 4 pm open. Which time suits you?"
CLOSE5 = slots("Friday, December 11", "We close at 5 pm on Fridays, so 7 pm isn't possible. ")
THU_LATE = ("Our latest time on Thursdays is 6:30 pm. On Thursday, December 10 we have 4 pm, 5:30 pm or 6:30 pm open. "
            "Which time suits you?")
group("evening",
  T("LISTEN", None, "do you have anything this evening, around 7?", "book", "book", date="2026-12-04", time="19:00"),
  T("ASK_DAY", DAYQ, "tonight", "inform", date="2026-12-04"),
  T("ASK_TIME", FRI_TODAY, "nothing later? like 7?", "book", time="19:00"),
  T("ASK_TIME", CLOSE5, "so no 7:00 at all?", "book", time="19:00", note="7:00 after the line said 7 pm"),
)
group("evening",
  T("ASK_TIME", THU_LATE, "6:30", "inform", time="18:30", offer=True),
  T("ASK_TIME", THU_LATE, "the five thirty", "inform", time="17:30", offer=True),
  T("ASK_DAY", DAYQ, "Thursday evening after work", "inform", date="2026-12-10", wd="thursday"),
  T("ASK_TIME", THU_LATE, "7:00", "inform", time="19:00", note="not offered; evening reading from the offer"),
)
group("evening",
  T("LISTEN", None, "I'd like to book for Thursday at 7 pm", "book", "book", date="2026-12-10", wd="thursday", time="19:00"),
  T("ASK_TIME", "You asked for 7 pm; we're open until 6:30 pm on Thursdays. On Thursday, December 10 we have 4 pm, 5:30 pm or 6:30 pm open. Which time suits you?",
    "7:00 really is the only time I can do", "inform", time="19:00"),
  T("CONFIRM", rb("Efua", "Thursday, December 10 at 6:30 pm"), "no, 7:00 like I said", "no", time="19:00",
    note="'like I said' points to an earlier 7 pm; ambiguous am/pm alone"),
  T("ASK_TIME", AT_TUE, "7 in the morning? before work", "inform", time="07:00", note="counter-example: morning"),
)
group("evening",
  T("ASK_DAY", DAYQ2, "tomorrow evening", "inform", date="2026-12-05"),
  T("ASK_TIME", AT_TUE, "anything after 5?", "book", "book", note="a range, no time"),
  T("ASK_TIME", AT_MON, "half six", "inform", time="18:30", note="British 'half six' = 6:30"),
  T("LISTEN", None, "hi can i come in tonight at like six thirty", "book", "book", date="2026-12-04", time="18:30"),
)
group("evening",
  T("ASK_TIME", AT_FRI, "eight o'clock tonight", "inform", date="2026-12-04", time="20:00",
    note="'tonight' is today, not the offered Friday the 11th"),
  T("ASK_DAY", DAYQ, "this evening", "inform", date="2026-12-04"),
  T("LISTEN", None, "How late are you open tonight?", "hours", q="hours"),
  T("ASK_TIME", AT_TUE, "4 pm, it's the latest you've got, right?", "inform", time="16:00", offer=True),
)

# =============== F: taking an offer by repeating it; "first" in other senses
OFFER4 = "On Friday, December 11 we have 4 pm open. Would you like 4 pm?"
OFFER_MON = "The soonest I have is Monday, December 7 at 11:30 am. Would you like that?"
OFFER_THU2 = "The nearest I have is Thursday, December 10 at 2:30 pm or 4 pm. Which would you like?"
group("offer",
  T("ASK_TIME", OFFER4, "Friday.", "inform", date="2026-12-11", wd="friday", offer=True),
  T("ASK_TIME", OFFER4, "Friday then", "inform", date="2026-12-11", wd="friday", offer=True),
  T("ASK_TIME", OFFER4, "4 pm", "inform", time="16:00", offer=True),
  T("ASK_TIME", OFFER4, "I need to check my diary first", "unknown", note="'first' is not the first offer"),
)
group("offer",
  T("ASK_TIME", AT_TUE, "the first one", "inform", offer=True, note="first offered = 09:00"),
  T("ASK_TIME", AT_TUE, "first thing in the morning if you can", "inform", offer=True, note="= the 9 am offered"),
  T("ASK_TIME", AT_TUE, "First, can you tell me your address?", "hours", q="address"),
  T("ASK_TIME", AT_TUE, "My first name's Haruto, by the way. Ten o'clock.", "inform", time="10:00", name="Haruto", offer=True),
)
group("offer",
  T("ASK_TIME", OFFER_MON, "Monday at 11:30", "inform", date="2026-12-07", wd="monday", time="11:30", offer=True),
  T("ASK_TIME", OFFER_MON, "monday's good", "yes", date="2026-12-07", wd="monday", offer=True),
  T("ASK_TIME", OFFER_MON, "the 7th, sure", "yes", date="2026-12-07", offer=True),
  T("ASK_TIME", OFFER_MON, "Monday? Hmm, I'd have to ask my boss first", "unknown",
    note="echoes the offer as a question and holds; not taken"),
)
group("offer",
  T("ASK_TIME", AT_WED, "first available", "inform", offer=True, note="first offered = 09:00"),
  T("ASK_TIME", AT_WED, "let's do the 10 am", "inform", time="10:00", offer=True),
  T("ASK_TIME", AT_WED, "the first of January, actually, is that open?", "book", "book", date="2027-01-01",
    note="'first' is a date"),
  T("ASK_TIME", AT_WED, "I'll take the 2:30", "yes", time="14:30", offer=True),
)
group("offer",
  T("ASK_TIME", OFFER_THU2, "Thursday at four", "inform", date="2026-12-10", wd="thursday", time="16:00", offer=True),
  T("ASK_TIME", OFFER_THU2, "Thursday", "inform", date="2026-12-10", wd="thursday",
    note="accepts the day; 2:30 or 4 still to choose"),
  T("ASK_TIME", OFFER_THU2, "first one's fine", "yes", offer=True, note="first offered = 14:30"),
  T("ASK_TIME", OFFER_THU2, "I'll have to ask my wife first, she drives me", "unknown"),
)

# =============== G: names at the wrong question, greetings, short-then-long
group("name",
  T("ASK_TIME", AT_TUE, "It's Priya.", "inform", name="Priya"),
  T("ASK_NAME", NAMEQ, "Hiya", "unknown", note="greeting, not a name"),
  T("ASK_NAME", NAMEQ, "Howdy!", "unknown", note="greeting, not a name"),
  T("ASK_NAME", NAMEQ, "hi, it's Priya Raman", "inform", name="Priya Raman"),
)
group("name",
  T("ASK_NAME", NAMEQ, "rob", "inform", name="Rob"),
  T("ASK_PHONE", "Thanks, Rob. What number can we reach you on?", "oh, it's Robertson, the last name", "inform",
    name="Robertson", note="short then long: Rob then Robertson; ask, don't swap"),
  T("ASK_NAME", NAMEQ, "rob... robertson", "inform", name="Rob Robertson",
    note="restart or first+last name; ask"),
  T("ASK_NAME", NAMEQ, "Robert. Robert Sonnenberg.", "inform", name="Robert Sonnenberg",
    note="clear extension of the first name"),
)
group("name",
  T("ASK_DAY", DAYQ, "oh sorry, I'm Tunde Oyelaran, I should've said. Monday please", "inform",
    date="2026-12-07", wd="monday", name="Tunde Oyelaran"),
  T("ASK_NAME", NAMEQ2, "Kowalczyk. K O W A L C Z Y K.", "inform", name="Kowalczyk"),
  T("ASK_NAME", NAMEQ2, "Nguyen, first name Linh", "inform", name="Linh Nguyen", note="surname said first"),
  T("ASK_NAME", NAMEQ2, "Good morning!", "unknown"),
)
group("name",
  T("ASK_NAME", NAMEQ, "April. April Dawson.", "inform", name="April Dawson", note="a name, not the month"),
  T("ASK_NAME", NAMEQ, "Hey there", "unknown"),
  T("ASK_NAME", NAMEQ, "June Park", "inform", name="June Park"),
  T("ASK_DAY", DAYQ, "april would be better", "inform", beyond=True, note="the month, not a name; month only"),
)
group("name",
  T("ASK_NAME", NAMEQ, "my name? zainab. zainab hussain", "inform", name="Zainab Hussain"),
  T("ASK_NAME", NAMEQ, "Yes, it's Deepa", "yes", name="Deepa"),
  T("ASK_NAME", NAMEQ2, "this is for my son, Mateo, I'm his mom, Carmen Ruiz", "inform", name="Carmen Ruiz",
    note="patient is Mateo; the caller's own name is Carmen Ruiz"),
  T("ASK_NAME", NAMEQ2, "Doctor Singh referred me", "unknown", note="a doctor's name"),
)
group("name",
  T("CONFIRM", rb("Sean", "Wednesday, December 9 at 10 am"), "It's Siobhan, not Sean", "no", name="Siobhan"),
  T("ASK_NAME", NAMEQ, "Siobhan. S I O B H A N.", "inform", name="Siobhan"),
  T("ASK_NAME", NAMEQ, "Yo", "unknown"),
  T("ASK_NAME", NAMEQ, "hello?", "unknown"),
)
group("name",
  T("ASK_TIME", AT_TUE, "Haruto Sato, and 11:30 please", "inform", time="11:30", name="Haruto Sato", offer=True),
  T("ASK_PHONE", PHONEQ, "oh, the name's actually Haruto, H A R U T O", "inform", name="Haruto"),
  T("LISTEN", HELLO, "Hi, Grace here, I'd like to make an appointment", "book", "book", name="Grace"),
  T("ASK_NAME", NAMEQ, "Hi!", "unknown"),
)

# =============== H: questions the line should answer
group("question",
  T("LISTEN", None, "what's the name of the clinic?", "hours", q="clinic_name"),
  T("ASK_DAY", DAYQ, "Sorry, before that, what's your address?", "hours", q="address"),
  T("ASK_TIME", AT_TUE, "are you a robot?", "hours", q="robot"),
  T("ASK_NAME", NAMEQ, "Can I talk to a real person?", "human", note="counter-example: a request for a person"),
)
group("question",
  T("ASK_DAY", DAYQ, "wait am i talking to a real person or is this automated", "hours", q="robot"),
  T("ASK_NAME", NAMEQ, "Is this Dr. Okafor's office?", "hours", q="clinic_name"),
  T("ASK_PHONE", PHONEQ, "what's your number, in case we get cut off?", "hours", q="phone_number"),
  T("CONFIRM", rb("Lucia", "Monday, December 7 at 9 am"), "where exactly are you located? I'm not sure I can get there",
    "hours", q="address"),
)
group("question",
  T("LISTEN", None, "Hi, is this Riverside Family Medicine?", "hours", q="clinic_name"),
  T("ASK_DAY", DAYQ, "Tuesday. Oh, and what's the address again?", "hours", date="2026-12-08", wd="tuesday", q="address"),
  T("ASK_TIME", AT_THU, "Is this a recording?", "hours", q="robot"),
  T("LISTEN", None, "Do you take Blue Cross?", "unknown", note="insurance, not the clinic itself"),
)
group("question",
  T("ASK_DAY", DAYQ, "What are your hours on Saturday?", "hours", q="hours"),
  T("ASK_NAME", NAMEQ, "Who am I speaking with?", "hours", q="robot", note="asks what/who the line is"),
  T("ASK_TIME", AT_TUE, "Book me at 10, and what's the street address?", "book", "book", time="10:00", offer=True, q="address"),
  T("LISTEN", None, "Is there parking at your office?", "unknown", note="a service question"),
)
group("question",
  T("ASK_PHONE", PHONEQ, "Hang on, what clinic is this again?", "hours", q="clinic_name"),
  T("ASK_DAY", DAYQ2, "r u a bot", "hours", q="robot"),
  T("ASK_TIME", AT_MON, "what's the cross street?", "hours", q="address"),
  T("LISTEN", None, "What's the number for the clinic, so I can call back?", "hours", q="phone_number"),
)

# =============== I: moving an appointment in one go
group("move",
  T("LISTEN", None, "Move my Friday appointment to Tuesday", "book", "move", date="2026-12-08", wd="tuesday",
    mf={"date": "2026-12-11"}, note="old Friday by the weekday rule; today's appointment possible"),
  T("LISTEN", None, "I need to reschedule my appointment", "no", "move", mf={}),
  T("LISTEN", None, "Can I move my 2:30 on Tuesday to 4?", "book", "move", date="2026-12-08", time="16:00",
    mf={"date": "2026-12-08", "time": "14:30"}, note="new day implied: same Tuesday"),
  T("LISTEN", None, "I have an appointment Friday and I'd like to book another one for Tuesday for my daughter",
    "book", "book", date="2026-12-08", wd="tuesday", note="counter-example: a second booking, not a move"),
)
group("move",
  T("LISTEN", None, "hi um i need to change my appointment from wednesday to thursday", "book", "move",
    date="2026-12-10", wd="thursday", mf={"date": "2026-12-09"}),
  T("LISTEN", None, "Could you push my Monday appointment back a week?", "book", "move", date="2026-12-14",
    mf={"date": "2026-12-07"}, note="new date = a week after Monday the 7th"),
  T("LISTEN", None, "Cancel my Thursday appointment and put me in for Monday instead", "book", "move",
    date="2026-12-07", wd="monday", mf={"date": "2026-12-10"}, note="cancel + new booking = a move"),
  T("LISTEN", None, "Cancel my Thursday appointment, please", "cancel", "cancel", date="2026-12-10", wd="thursday",
    note="counter-example: cancel only"),
)
group("move",
  T("LISTEN", None, "I'd like to move my appointment on the 10th to the 17th", "book", "move", date="2026-12-17",
    mf={"date": "2026-12-10"}),
  T("LISTEN", None, "My appointment's on December 8th at 10, can we make it the 9th at the same time?", "book", "move",
    date="2026-12-09", time="10:00", mf={"date": "2026-12-08", "time": "10:00"}),
  T("LISTEN", None, "I can't make my Tuesday appointment. Is there anything Wednesday instead?", "book", "move",
    date="2026-12-09", wd="wednesday", mf={"date": "2026-12-08"}),
  T("LISTEN", None, "I want to move my appointment to later in the day", "no", "move", mf={},
    note="no new value named"),
)
group("move",
  T("ASK_DAY", DAYQ, "Actually, I already have one on Friday, I want to move that one to Monday", "book", "move",
    date="2026-12-07", wd="monday", mf={"date": "2026-12-11"}),
  T("LISTEN", None, "can i swap my 9 am on monday for something in the afternoon", "no", "move",
    mf={"date": "2026-12-07", "time": "09:00"}, note="new time only a part of day"),
  T("CONFIRM", "Let me read that back: your appointment on Friday, December 11 at 10 am moves to Tuesday, December 15 at 10 am. Shall I move it?",
    "yes please move it", "yes"),
  T("CONFIRM", "Let me read that back: your appointment on Friday, December 11 at 10 am moves to Tuesday, December 15 at 10 am. Shall I move it?",
    "no, keep the Friday one", "no", note="keeps the old appointment"),
)
group("move",
  T("LISTEN", HELLO, "Yeah hi, this is Marisol Ortega, I've got an appointment Tuesday at 11:30 and I need to move it to Thursday same time",
    "book", "move", date="2026-12-10", wd="thursday", time="11:30", name="Marisol Ortega",
    mf={"date": "2026-12-08", "time": "11:30"}),
  T("LISTEN", None, "reschedule my physical from the 14th to the 21st please", "book", "move", date="2026-12-21",
    mf={"date": "2026-12-14"}),
  T("LISTEN", None, "I need to bump my appointment", "no", "move", mf={}),
  T("LISTEN", None, "Can I reschedule?", "no", "move", mf={}),
)
group("move",
  T("LISTEN", None, "I missed my appointment on Wednesday, can I rebook for Monday?", "book", "book",
    date="2026-12-07", wd="monday", note="the missed one is past (Dec 2); nothing to cancel"),
  T("LISTEN", None, "Could we move Friday's appointment up to Monday?", "book", "move", date="2026-12-07", wd="monday",
    mf={"date": "2026-12-11"}),
  T("ASK_PHONE", PHONEQ, "617 555 0188, and it's the Thursday one I'm moving to Friday", "book", "move",
    date="2026-12-11", wd="friday", phone="+16175550188", mf={"date": "2026-12-10"}),
  T("LISTEN", None, "I'm not moving house, I just need to book a checkup for Tuesday", "book", "book",
    date="2026-12-08", wd="tuesday", note="counter-example: 'moving' is not a move"),
)
group("move",
  T("LISTEN", None, "I want to change the time of my appointment Tuesday to 2:30", "book", "move",
    date="2026-12-08", wd="tuesday", time="14:30", mf={"date": "2026-12-08"}),
  T("LISTEN", None, "please move my 4 pm to 9 am on the same day, it's on the 16th", "book", "move",
    date="2026-12-16", time="09:00", mf={"date": "2026-12-16", "time": "16:00"}),
  T("LISTEN", None, "Can you change my appointment? I got the day wrong", "no", "move", mf={}),
  T("LISTEN", None, "Change of plans, can I just book Thursday at 10?", "no", "book", date="2026-12-10", wd="thursday",
    time="10:00", note="'change' marker (rule 3); a new booking, not a move"),
)

# =============== J: phone numbers as callers say them
group("phone",
  T("ASK_PHONE", PHONEQ, "Oh, 617 555 0123", "inform", phone="+16175550123"),
  T("ASK_TIME", AT_TUE, "617 555 0123, 10 am please", "inform", time="10:00", phone="+16175550123", offer=True),
  T("ASK_PHONE", PHONEQ, "six one seven... five five five... oh one two three", "inform", phone="+16175550123"),
  T("ASK_PHONE", PHONEQ, "it's 617-555-0123 extension 45", "inform", phone="+16175550123", ext="45"),
)
group("phone",
  T("ASK_PHONE", PHONEQ, "my cell is two one two five five five zero one four seven", "inform", phone="+12125550147"),
  T("ASK_PHONE", PHONEQ, "(404) 555-0199 ext. 12", "inform", phone="+14045550199", ext="12"),
  T("ASK_PHONE", PHONEQ, "my card number is 4111 1111 1111 1111", "unknown", note="a card number, not a phone"),
  T("ASK_NAME", NAMEQ, "Zainab Hussain, and my number is 312 555 0164", "inform", name="Zainab Hussain", phone="+13125550164"),
)
group("phone",
  T("ASK_PHONE", PHONEQ, "713 555 0110 extension 304, that's my work line", "inform", phone="+17135550110", ext="304"),
  T("ASK_PHONE", PHONEQ, "um it's uh three oh five five five five oh one seven seven", "inform", phone="+13055550177"),
  T("ASK_PHONE", PHONEQ, "555 0199", "inform", note="no area code: a phone number but not complete; ask"),
  T("ASK_PHONE", PHONEQ, "just use the number I'm calling from", "unknown", note="no number said"),
)
group("phone",
  T("CONFIRM", rb("Kofi", "Monday, December 7 at 9 am"), "yes, and my cell is 857 555 0133 in case", "yes", phone="+18575550133"),
  T("LISTEN", None, "Hi, I want to book for Monday, my number is 415-555-0108", "book", "book", date="2026-12-07",
    wd="monday", phone="+14155550108"),
  T("ASK_PHONE", PHONEQ, "1 206 555 0191", "inform", phone="+12065550191"),
  T("ASK_PHONE", PHONEQ, "my member ID is XJH 4471 2290", "unknown", note="insurance ID, not a phone"),
)
group("phone",
  T("ASK_PHONE", PHONEQ, "+44 20 7946 0958, I'm visiting from London", "inform", phone="+442079460958",
    note="not a US number"),
  T("ASK_PHONE", PHONEQ, "nine one seven, five five five, zero one two six, extension four five", "inform",
    phone="+19175550126", ext="45"),
  T("ASK_DAY", DAYQ, "Tuesday, and my number's 718 555 0102 if you need it", "inform", date="2026-12-08", wd="tuesday",
    phone="+17185550102"),
  T("ASK_PHONE", PHONEQ, "Can you call me at 929 555 0175 after 5?", "inform", phone="+19295550175",
    note="'after 5' is when to call, not an appointment time"),
)
group("phone",
  T("ASK_PHONE", PHONEQ, "6175550142", "inform", phone="+16175550142"),
  T("ASK_PHONE", PHONEQ, "it's 617 555 01... sorry, 617 555 0124", "inform", phone="+16175550124"),
  T("ASK_PHONE", PHONEQ, "my date of birth is 3/14/1988", "unknown", note="a birth date: no phone, not a requested date"),
  T("ASK_TIME", AT_TUE, "2:30, and you can text me at 646 555 0139", "inform", time="14:30", phone="+16465550139", offer=True),
)
group("phone",
  T("ASK_PHONE", PHONEQ, "617.555.0150 x7", "inform", phone="+16175550150", ext="7"),
  T("ASK_PHONE", PHONEQ, "you can reach me on my mom's phone, 404 555 0131", "inform", phone="+14045550131"),
  T("CONFIRM", "Let me read that back: an appointment for Kofi on Monday, December 7 at 9 am, contact number 617 555 0123. Shall I book it?",
    "no, the number's wrong, it's 617 555 0132", "no", phone="+16175550132"),
  T("ASK_PHONE", PHONEQ, "Eight five seven, five five five, oh one nine nine, and I'm at 15 Elm Street if that helps",
    "inform", phone="+18575550199", note="house number is not a time"),
)

# =============== K: small ones
RB_K = rb("Mei", "Wednesday, December 9 at 11:30 am")
group("small",
  T("CONFIRM", RB_K, "uh-uh", "no"),
  T("CONFIRM", RB_K, "nuh-uh", "no"),
  T("CONFIRM", RB_K, "uh-huh", "yes", note="counter-example"),
  T("CONFIRM", RB_K, "mm-mm", "no", note="the closed-mouth no"),
)
group("small",
  T("CONFIRM", CB_Q, "oh, leave it", "no"),
  T("CONFIRM", CB_Q, "leave it, I'll call back tomorrow", "no"),
  T("CONFIRM", CB_Q, "oh yes please", "yes"),
  T("CONFIRM", CB_Q, "yeah, leave a message if I don't pick up", "yes", note="'leave' here is not a refusal"),
)
group("small",
  T("ASK_DAY", DAYQ, "wed", "inform", date="2026-12-09", wd="wednesday"),
  T("ASK_DAY", DAYQ, "thurs at 10", "inform", date="2026-12-10", wd="thursday", time="10:00"),
  T("ASK_DAY", DAYQ, "tues pls", "inform", date="2026-12-08", wd="tuesday"),
  T("ASK_DAY", DAYQ, "we'd like the earliest you have", "book", "book", note="'we'd' is not Wednesday"),
)
group("small",
  T("ASK_DAY", DAYQ2, "weds or thurs", "inform", cb=("dates", "2026-12-09", "2026-12-10")),
  T("ASK_DAY", DAYQ2, "mon", "inform", date="2026-12-07", wd="monday"),
  T("ASK_DAY", DAYQ2, "fri the 11th", "inform", date="2026-12-11", wd="friday"),
  T("ASK_DAY", DAYQ2, "I sat in your waiting room two hours last time, so the first slot of the day please", "inform",
    note="'sat' is not Saturday; no day given"),
)
group("small",
  T("CONFIRM", rb("Dmitri", "Tuesday, December 8 at 10 am"), "nuh uh, Thursday", "no", date="2026-12-10", wd="thursday"),
  T("ASK_TIME", AT_TUE, "uh-uh, none of those work", "no"),
  T("ASK_DAY", DAYQ, "tue or wed", "inform", cb=("dates", "2026-12-08", "2026-12-09")),
  T("ASK_DAY", DAYQ, "thu", "inform", date="2026-12-10", wd="thursday"),
)

# =============== L: ordinary booking turns
RB_J = rb("Jamie", "Tuesday, December 8 at 10 am")
group("ordinary",
  T("LISTEN", None, "Hi, I'd like to book an appointment", "book", "book"),
  T("ASK_DAY", DAYQ, "Tuesday", "inform", date="2026-12-08", wd="tuesday"),
  T("ASK_TIME", AT_TUE, "ten a m", "inform", time="10:00", offer=True),
  T("ASK_NAME", NAMEQ, "Jamie", "inform", name="Jamie"),
)
group("ordinary",
  T("CONFIRM", RB_J, "yes", "yes"),
  T("CONFIRM", RB_J, "yeah that's right", "yes"),
  T("CONFIRM", RB_J, "no, make it two thirty", "no", time="14:30"),
  T("CONFIRM", RB_J, "hmm, I'm not sure", "unknown"),
)
group("ordinary",
  T("LISTEN", None, "Book me on Wednesday at 9, my name is Olumide Bankole", "book", "book", date="2026-12-09",
    wd="wednesday", time="09:00", name="Olumide Bankole"),
  T("LISTEN", None, "i need to see a doctor about my knee", "book", "book"),
  T("LISTEN", None, "I'd like to cancel my appointment", "cancel", "cancel"),
  T("LISTEN", None, "I'm having chest pain and trouble breathing", "human"),
)
group("ordinary",
  T("ASK_DAY", DAYQ, "the day after tomorrow", "inform", date="2026-12-06"),
  T("ASK_DAY", DAYQ, "Monday the 14th", "inform", date="2026-12-14", wd="monday"),
  T("ASK_DAY", DAYQ, "as soon as possible", "inform", note="no day named"),
  T("ASK_DAY", DAYQ, "next Thursday", "inform", date="2026-12-10", wd="thursday"),
)
group("ordinary",
  T("ASK_TIME", AT_MON, "quarter past two", "inform", time="14:15"),
  T("ASK_TIME", AT_MON, "half past eleven", "inform", time="11:30", offer=True),
  T("ASK_TIME", AT_MON, "noon", "inform", time="12:00"),
  T("ASK_TIME", AT_MON, "do you have anything at 1?", "book", "book", time="13:00"),
)
group("ordinary",
  T("ASK_NAME", NAMEQ, "Mateo Fernández", "inform", name="Mateo Fernández"),
  T("ASK_NAME", NAMEQ, "it's Anne-Marie O'Brien", "inform", name="Anne-Marie O'Brien"),
  T("ASK_NAME", NAMEQ, "Oyelaran. Funmi Oyelaran.", "inform", name="Funmi Oyelaran"),
  T("ASK_NAME", NAMEQ, "Wei Chen", "inform", name="Wei Chen"),
)
RB_N = rb("Nadia", "Wednesday, December 9 at 2:30 pm")
group("ordinary",
  T("CONFIRM", RB_N, "perfect, thank you", "yes"),
  T("CONFIRM", RB_N, "yes, that's all correct", "yes"),
  T("CONFIRM", RB_N, "actually can we do Thursday instead", "no", date="2026-12-10", wd="thursday"),
  T("CONFIRM", RB_N, "never mind, I'll call back", "no"),
)
group("ordinary",
  T("LISTEN", None, "Can I talk to a receptionist please", "human"),
  T("LISTEN", None, "What time do you close today?", "hours", q="hours"),
  T("LISTEN", None, "I need a follow-up with Dr. Patel next week", "book", "book", note="'next week' is no date"),
  T("LISTEN", None, "My dog ate the remote", "unknown"),
)
group("ordinary",
  T("ASK_DAY", DAYQ2, "The 22nd", "inform", date="2026-12-22"),
  T("ASK_DAY", DAYQ2, "Um, how about the 2nd of next month", "inform", date="2027-01-02"),
  T("ASK_DAY", DAYQ2, "december eighteenth", "inform", date="2026-12-18"),
  T("ASK_DAY", DAYQ2, "any day next week is fine", "inform", note="no day named"),
)
group("ordinary",
  T("ASK_TIME", AT_THU, "2:30 works", "yes", time="14:30", offer=True),
  T("ASK_TIME", AT_THU, "the earliest", "inform", offer=True, note="first offered = 09:00"),
  T("ASK_TIME", AT_THU, "none of those, sorry", "no"),
  T("ASK_TIME", AT_THU, "can you do a little later, like 5?", "inform", time="17:00"),
)
group("ordinary",
  T("LISTEN", HELLO, "Hello, I'm calling to set up a new patient visit", "book", "book"),
  T("ASK_DAY", DAYQ, "Whenever's soonest, honestly", "inform", note="no day named"),
  T("ASK_DAY", DAYQ, "Monday at 9 if you have it", "inform", date="2026-12-07", wd="monday", time="09:00"),
  T("ASK_NAME", NAMEQ, "Kwame Mensah", "inform", name="Kwame Mensah"),
)
RB_L = rb("Leilani", "Monday, December 7 at 9 am")
group("ordinary",
  T("CONFIRM", RB_L, "yep go ahead", "yes"),
  T("CONFIRM", RB_L, "wait, hang on, let me check with my husband", "unknown"),
  T("CONFIRM", RB_L, "no, it's Monday the 14th, not the 7th", "no", date="2026-12-14", wd="monday"),
  T("CONFIRM", RB_L, "sounds good, bye", "yes"),
)
group("ordinary",
  T("LISTEN", None, "hi i need an appointment for a flu shot tuesday morning", "book", "book", date="2026-12-08", wd="tuesday"),
  T("ASK_TIME", AT_TUE, "9", "inform", time="09:00", offer=True),
  T("ASK_NAME", NAMEQ, "Ahmed", "inform", name="Ahmed"),
  T("CONFIRM", rb("Ahmed", "Tuesday, December 8 at 9 am"), "correct", "yes"),
)
RB_C = "Let me read that back: you'd like to cancel the appointment for Dana on Friday, December 11 at 10 am. Shall I cancel it?"
group("ordinary",
  T("LISTEN", None, "can I cancel my visit on friday", "cancel", "cancel", date="2026-12-11", wd="friday"),
  T("CONFIRM", RB_C, "yes, please", "yes"),
  T("CONFIRM", RB_C, "no don't cancel it", "no"),
  T("LISTEN", None, "I can't make it Tuesday, please cancel", "cancel", "cancel", date="2026-12-08", wd="tuesday"),
)
group("ordinary",
  T("ASK_DAY", DAYQ, "Do you have anything Thursday afternoon?", "book", "book", date="2026-12-10", wd="thursday"),
  T("ASK_TIME", AT_THU, "four o'clock", "inform", time="16:00", offer=True),
  T("ASK_NAME", NAMEQ, "Ingrid Johansson", "inform", name="Ingrid Johansson"),
  T("ASK_TIME", AT_THU, "sorry, could you say that again?", "unknown"),
)
group("ordinary",
  T("LISTEN", None, "I'd like to book a checkup on the 17th at 11:30", "book", "book", date="2026-12-17", time="11:30"),
  T("LISTEN", None, "CAN I BOOK FOR MONDAY AT TEN", "book", "book", date="2026-12-07", wd="monday", time="10:00"),
  T("LISTEN", None, "Good morning, I was wondering if there's an opening on Wednesday", "book", "book",
    date="2026-12-09", wd="wednesday"),
  T("LISTEN", None, "thanks, that's all", "no"),
)
group("ordinary",
  T("ASK_TIME", AT_TUE, "ten thirty in the morning", "inform", time="10:30"),
  T("ASK_TIME", AT_TUE, "1430", "inform", time="14:30", offer=True),
  T("ASK_TIME", AT_TUE, "quarter to four", "inform", time="15:45"),
  T("ASK_NAME", NAMEQ, "Priya Venkataraman", "inform", name="Priya Venkataraman"),
)

# ---------------- split: held-out groups per theme (by index within the theme), then interleave
HELD = {"two": [1, 5], "year": [1], "sameday": [1], "frame": [1, 5], "evening": [1], "offer": [1],
        "name": [1, 5], "question": [1], "move": [1, 5], "phone": [1, 5], "small": [1],
        "ordinary": [1, 5, 9, 13]}
train, held = [], []
for th, gs in THEMES.items():
    for i, g in enumerate(gs):
        (held if i in HELD[th] else train).append((th, g))
assert len(train) == 60 and len(held) == 20, (len(train), len(held))
# round-robin the train groups across themes so themes are spread
def spread(lst):
    by = collections.OrderedDict()
    for th, g in lst: by.setdefault(th, []).append((th, g))
    out = []
    while any(by.values()):
        for th in list(by):
            if by[th]: out.append(by[th].pop(0))
    return out
train, held = spread(train), spread(held)
order = []
for r in range(20):
    order += [("train",) + x for x in train[3*r:3*r+3]] + [("heldout",) + held[r]]
rows = {"train": [], "heldout": []}
n = 0
for split, th, g in order:
    for turn in g:
        n += 1
        row = {"id": f"en-{n:04d}"}
        row.update(turn)
        row["shape"] = th
        rows[split].append(row)
import sys
out = sys.argv[1]
for split, fn in [("train", "scheduling_train.jsonl"), ("heldout", "scheduling_heldout.jsonl")]:
    with open(f"{out}/{fn}", "w") as f:
        for r in rows[split]:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
c = collections.Counter((r["shape"], s) for s in rows for r in rows[s])
for th in THEMES:
    print(th, c[(th, "train")], c[(th, "heldout")])
print("total", n, len(rows["train"]), len(rows["heldout"]))
