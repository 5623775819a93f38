import pandas as pd, json
D='/work/shared/data/abu-dhabi-real-estate/'
rd=lambda f: pd.read_csv(D+f+'.csv',encoding='utf-8-sig')
T=rd('TRANSACTIONS_DISTRICT'); S=rd('SUPPLY_DISTRICT'); RD=rd('RENTAL_INDEX_DISTRICT'); RC=rd('RENTAL_INDEX_COMMUNITY'); RP=rd('RENTAL_INDEX_PROJECT')
C=rd('COMMUNITY'); DI=rd('DISTRICT')
for df in (T,S,RD,RC,RP): df['D']=df.district.str.upper()
def r2(x): 
    x=float(x); return int(round(x)) if abs(x-round(x))<1e-6 else round(x,2)
def trow(d,y,typ=None,lay=None):
    x=T[(T.D==d.upper())&(T.year==y)&(T.typology==(typ or 'All property types'))&(T.layout==(lay or 'All beds'))&(T.transaction_type=='All types')]
    assert len(x)==1,(d,y,typ,lay,len(x)); return x.iloc[0]
def tsale(d,y,typ=None,lay=None):
    x=T[(T.D==d.upper())&(T.year==y)&(T.typology==(typ or 'All property types'))&(T.layout==(lay or 'All beds'))&(T.transaction_type=='sale')]
    return x.iloc[0] if len(x)==1 else None
cases=[]
def add(tool,args,figs,basis,err=False):
    cases.append({"id":f"adev-{len(cases)+1:03d}","tool":tool,"args":args,"expected":{"figures":None if err else figs,"basis":basis,"error":err}})
def fq(typ,lay): return f"typology='{typ or 'All property types'}', layout='{lay or 'All beds'}'"
# total sales value
for d,y,typ,lay in [('YAS ISLAND',2024,None,None),('Al Reem Island',2023,None,None),('Yas Island',2022,'Villa / Townhouse',None),('AL REEM ISLAND',2025,'Apartment / Duplex','2 beds'),('yas island',2021,None,'1 bed'),('AL REEM ISLAND',2019,'Apartment / Duplex',None)]:
    r=trow(d,y,typ,lay); s=tsale(d,y,typ,lay)
    args={"district":d,"year":y}; 
    if typ: args['typology']=typ
    if lay: args['layout']=lay
    add('get_total_sales_value',args,[r2(r.value)],f"TRANSACTIONS_DISTRICT.csv: district (case-insensitive)={d.upper()}, year={y}, {fq(typ,lay)}, transaction_type='All types' (total row) -> value={r.value:.2f} AED (volume {int(r.volume)}). Sale-only row (transaction_type='sale') for reference: value={(s.value if s is not None else float('nan')):.2f}.")
# transaction count
for d,y,typ,lay in [('Yas Island',2023,None,None),('AL REEM ISLAND',2024,None,None),('YAS ISLAND',2025,'Apartment / Duplex',None),('Al Reem Island',2022,None,'studio'),('YAS ISLAND',2024,'Villa / Townhouse','4 beds'),('AL REEM ISLAND',2018,None,None)]:
    r=trow(d,y,typ,lay); s=tsale(d,y,typ,lay)
    args={"district":d,"year":y}
    if typ: args['typology']=typ
    if lay: args['layout']=lay
    add('get_transaction_count',args,[int(r.volume)],f"TRANSACTIONS_DISTRICT.csv: district={d.upper()}, year={y}, {fq(typ,lay)}, transaction_type='All types' (total row) -> volume={int(r.volume)}. Sale-only volume for reference: {int(s.volume) if s is not None else 'n/a'}.")
# compare
for d1,d2,y in [('YAS ISLAND','AL REEM ISLAND',2024),('Al Reem Island','Yas Island',2020),('yas island','al reem island',2025)]:
    a=trow(d1,y); b=trow(d2,y)
    add('compare_sales_between_districts',{"district1":d1,"district2":d2,"year":y},[r2(a.value),r2(b.value)],f"TRANSACTIONS_DISTRICT.csv total rows (All property types/All beds/All types), year={y}: {d1.upper()} value={a.value:.2f} (volume {int(a.volume)}); {d2.upper()} value={b.value:.2f} (volume {int(b.volume)}). Difference {abs(a.value-b.value):.2f}.")
# municipality
for y in [2023,2024,2019]:
    a=trow('YAS ISLAND',y); b=trow('AL REEM ISLAND',y)
    add('get_municipality_sales',{"municipality":"Abu Dhabi City","year":y},[r2(a.value+b.value)],f"No municipality total row exists; Abu Dhabi City = sum of its two districts' total rows (All property types/All beds/All types) in TRANSACTIONS_DISTRICT.csv for {y}: YAS ISLAND {a.value:.2f} + AL REEM ISLAND {b.value:.2f} = {a.value+b.value:.2f}; volume {int(a.volume+b.volume)}.")
# top districts
for y in [2024,2021]:
    a=trow('YAS ISLAND',y); b=trow('AL REEM ISLAND',y)
    L=sorted([('YAS ISLAND',a.value),('AL REEM ISLAND',b.value)],key=lambda t:-t[1])
    add('get_top_districts_in_municipality',{"municipality":"Abu Dhabi City","year":y,"limit":2},[r2(L[0][1]),r2(L[1][1])],f"Districts of Abu Dhabi City ranked by total-row value (All property types/All beds/All types) in TRANSACTIONS_DISTRICT.csv, {y}: 1. {L[0][0]} {L[0][1]:.2f}; 2. {L[1][0]} {L[1][1]:.2f}.")
# budget
q=RP[(RP.typology=='All property types')&(RP.rent_type=='All types')]
for b,lay,y in [(50000,'Studio',2025),(120000,'3 beds',2025),(80000,'2 beds',2024),(58000,'1 bed',2024)]:
    x=q[(q.year==y)&(q.layout==lay)&(q.avg_rent_value<=b)].sort_values('avg_rent_value')
    figs=[r2(v) for v in x.avg_rent_value]
    add('find_units_by_budget',{"budget":b,"layout":lay,"year":y},figs,f"RENTAL_INDEX_PROJECT.csv, year={y}, typology='All property types', layout='{lay}', rent_type='All types'; projects with avg_rent_value <= {b}: "+"; ".join(f"{n} ({r2(v)})" for n,v in zip(x.project_name,x.avg_rent_value))+f" -> {len(x)} projects; figures are their average yearly rents.")
# supply
for d,y,typ,lay in [('YAS ISLAND',2024,None,None),('Al Reem Island',2027,None,None),('yas island',2028,'Villa / Townhouse',None),('AL REEM ISLAND',2025,'Apartment / Duplex','2 beds')]:
    x=S[(S.D==d.upper())&(S.supply_demand_year==y)&(S.typology==(typ or 'All property types'))&(S.layout==(lay or 'All beds'))]
    assert len(x)==1
    args={"district":d,"year":y}
    if typ: args['typology']=typ
    if lay: args['layout']=lay
    add('get_current_supply',args,[int(x.total_supply.iloc[0])],f"SUPPLY_DISTRICT.csv: district={d.upper()}, supply_demand_year={y}{' (projection)' if y>2025 else ''}, {fq(typ,lay)} (total row) -> total_supply={int(x.total_supply.iloc[0])} units.")
# rents
def rr(df,key,ent,y,typ,lay):
    x=df[(df[key].astype(str).str.strip().str.upper()==ent.upper())&(df.year==y)&(df.typology==(typ or 'All property types'))&(df.layout==(lay or 'All beds'))&(df.rent_type=='All types')]
    assert len(x)==1,(ent,y,len(x)); return x.iloc[0]
for ents,et,y,typ,lay in [(['YAS ISLAND','AL REEM ISLAND'],'district',2024,None,'2 beds'),(['Yas Island','Al Reem Island'],'district',2022,'Villa / Townhouse','3 beds'),(['RS3','RT1'],'community',2023,None,'1 bed'),(['Mayan','Ansam'],'project',2025,None,'2 beds'),(['MARINA BAY','Hydra Avenue'],'project',2024,None,'1 bed')]:
    df,key={'district':(RD,'D'),'community':(RC,'community'),'project':(RP,'project_name')}[et]
    figs=[];parts=[]
    for e in ents:
        r=rr(df,key,e,y,typ,lay); figs+= [r2(r.avg_rent_value),r2(r.lower_rent_value),r2(r.upper_rent_value)]
        parts.append(f"{e}: avg {r2(r.avg_rent_value)}, lower {r2(r.lower_rent_value)}, upper {r2(r.upper_rent_value)}")
    args={"entities":ents,"entityType":et,"year":y}
    if typ: args['typology']=typ
    if lay: args['layout']=lay
    fn={'district':'RENTAL_INDEX_DISTRICT','community':'RENTAL_INDEX_COMMUNITY','project':'RENTAL_INDEX_PROJECT'}[et]
    add('compare_rental_prices',args,figs,f"{fn}.csv, year={y}, {fq(typ,lay)}, rent_type='All types' (total row); AED/year: "+"; ".join(parts)+".")
# lists
add('get_districts',{"municipality":"Abu Dhabi City"},[2],"DISTRICT.csv: municipality_id 41 (Abu Dhabi City) has 2 districts: AL REEM ISLAND (57), YAS ISLAND (1330). Figure = count; names must appear.")
n=(C.district_name=='YAS ISLAND').sum()
add('get_communities',{"district":"YAS ISLAND"},[int(n)],f"COMMUNITY.csv: rows with district_name='YAS ISLAND' -> {n} communities (YN1-YN7, YS1-YS7, YS3_01..YS3_07 codes). Figure = count.")
# errors
add('get_transaction_count',{"district":"SAADIYAT ISLAND","year":2023},None,"SAADIYAT ISLAND is not in any table (only YAS ISLAND and AL REEM ISLAND) -> error / no data.",True)
add('get_total_sales_value',{"district":"YAS ISLAND","year":2015},None,"TRANSACTIONS_DISTRICT.csv covers 2018-2025 only; 2015 absent -> error / no data.",True)
add('get_current_supply',{"district":"AL REEM ISLAND","year":2031},None,"SUPPLY_DISTRICT.csv covers 2022-2028 only; 2031 absent -> error / no data.",True)
add('compare_rental_prices',{"entities":["YAS ISLAND","AL REEM ISLAND"],"entityType":"district","year":2019},None,"RENTAL_INDEX_DISTRICT.csv covers 2022-2025 only; 2019 absent -> error / no data.",True)
add('get_communities',{"district":"Khalifa City"},None,"Khalifa City is not in DISTRICT.csv/COMMUNITY.csv -> error / no data.",True)
with open('/work/market_dev/analytics_dev.jsonl','w',encoding='utf-8') as f:
    for c in cases: f.write(json.dumps(c,ensure_ascii=False)+'\n')
print(len(cases))
for c in cases: print(c['id'],c['tool'],c['args'],c['expected']['figures'])
